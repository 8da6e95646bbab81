import { messages, type SavedCard } from '@central/domain';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import CreditCardOffOutlined from '@mui/icons-material/CreditCardOffOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { isApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import {
  cardKeys,
  cardsQuery,
  consumeCardDeletedMarker,
  lastDigits,
  setCardDeletedMarker,
  useDeleteCard,
} from '../api';
import { CardSummary, cardName } from '../components/card-summary';

const deleteLabel = (card: SavedCard) => `Excluir cartão ${card.alias} final ${lastDigits(card)}`;

/** spec §2.2 /panel/financial/credit-card: the saved cards (only with the credit_card flag). */
export function CardsPage() {
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const cards = useQuery(cardsQuery());
  const remove = useDeleteCard();
  const [toDelete, setToDelete] = useState<SavedCard>();
  // The deletion, the marker and the reloaded list: one step for the dialog's button.
  const [deleting, setDeleting] = useState(false);

  // spec §4 'card-delete marker': a deletion is announced once, when the list shows again.
  const announceDeletion = useCallback(async () => {
    if (await consumeCardDeletedMarker()) snackbar.success(messages.cardDeleted);
  }, [snackbar]);
  useEffect(() => {
    void announceDeletion();
  }, [announceDeletion]);

  const onDelete = () => {
    if (!toDelete || deleting) return;
    setDeleting(true);
    remove.mutate(toDelete.uuid, {
      onSuccess: async () => {
        await setCardDeletedMarker();
        await queryClient.invalidateQueries({ queryKey: cardKeys.all });
        setToDelete(undefined);
        setDeleting(false);
        await announceDeletion();
      },
      onError: (error) => {
        setToDelete(undefined);
        setDeleting(false);
        if (!isApiError(error, 'NOT_AUTHENTICATED')) snackbar.error(messages.cardDeleteFailed);
      },
    });
  };

  const addButton = (
    <Button component={RouterLink} to={paths.newCard} variant="contained" startIcon={<AddCardOutlined />}>
      Adicionar cartão
    </Button>
  );

  let content: ReactNode;
  if (cards.isPending) {
    content = <CardListSkeleton />;
  } else if (cards.isError) {
    content = (
      <ErrorState
        message={messages.cardsFailed}
        onRetry={() => cards.refetch()}
        retrying={cards.isFetching}
      />
    );
  } else if (cards.data.length === 0) {
    content = (
      <EmptyState
        icon={<CreditCardOffOutlined />}
        message={messages.noCards}
        detail="Cadastre um cartão Visa ou Mastercard para pagar as suas faturas com mais praticidade."
        action={addButton}
      />
    );
  } else {
    content = (
      <Box
        component="ul"
        aria-label="Cartões salvos"
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {cards.data.map((card) => (
          <Card component="li" key={card.uuid} sx={{ listStyle: 'none' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <CardSummary card={card} />
              </Box>
              <Tooltip title="Excluir">
                <IconButton aria-label={deleteLabel(card)} onClick={() => setToDelete(card)} color="error">
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </Box>
          </Card>
        ))}
      </Box>
    );
  }

  return (
    <>
      <PageTitle>Meus Cartões</PageTitle>
      <PageHeader
        title="Meus Cartões"
        subtitle="Cartões salvos para pagar as suas faturas."
        actions={cards.isSuccess && cards.data.length === 0 ? undefined : addButton}
      />
      {content}
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Excluir cartão?"
        confirmLabel="Excluir"
        color="error"
        loading={deleting}
        onConfirm={onDelete}
        onClose={() => setToDelete(undefined)}
      >
        <Typography>
          {toDelete &&
            `O cartão ${cardName(toDelete)} será removido. Você poderá cadastrá-lo de novo quando quiser.`}
        </Typography>
      </ConfirmDialog>
    </>
  );
}
