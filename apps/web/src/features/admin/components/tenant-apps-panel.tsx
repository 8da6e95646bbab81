import { messages, type TenantApp } from '@central/domain';
import AddIcon from '@mui/icons-material/Add';
import AppsIcon from '@mui/icons-material/Apps';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isSessionLost } from '@/shared/back-office';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { CardListSkeleton } from '@/shared/components/skeletons';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { tenantAppsQuery, useRemoveTenantApp } from '../api';
import { criterionLabels, methodLabels } from '../labels';

function AppItem({ app, onRemove }: { app: TenantApp; onRemove: () => void }) {
  return (
    <ListItem divider sx={{ gap: 2, py: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Box
        component="img"
        src={app.image}
        alt=""
        loading="lazy"
        sx={{
          width: 56,
          height: 56,
          borderRadius: 2,
          objectFit: 'cover',
          flexShrink: 0,
          bgcolor: 'grey.100',
        }}
      />
      <Box sx={{ minWidth: 0, flex: '1 1 180px' }}>
        <Typography sx={{ fontWeight: 600 }}>{app.name}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
          <Chip size="small" variant="outlined" label={methodLabels[app.integration_method]} />
          <Chip size="small" variant="outlined" label={criterionLabels[app.activation_criteria]} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0, ml: { xs: 'auto', sm: 0 } }}>
        <Tooltip title="Editar">
          <IconButton
            component={RouterLink}
            to={paths.admEditApp(app.client_id, app.id)}
            aria-label={`Editar ${app.name}`}
          >
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title="Remover">
          <IconButton onClick={onRemove} aria-label={`Remover ${app.name}`} color="error">
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}

/** spec §2.4 Aplicativos: the provider's apps (image, name, method, criterion), add, edit and remove. */
export function TenantAppsPanel({ clientId }: { clientId: string }) {
  const snackbar = useSnackbar();
  const apps = useQuery(tenantAppsQuery(clientId));
  const remove = useRemoveTenantApp(clientId);
  // The app stays named in the dialog while it closes.
  const [removing, setRemoving] = useState<TenantApp>();
  const [confirming, setConfirming] = useState(false);
  const askToRemove = (app: TenantApp) => {
    setRemoving(app);
    setConfirming(true);
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setConfirming(false);
        snackbar.success(messages.appRemoved);
      },
      onError: (error) => {
        setConfirming(false);
        if (!isSessionLost(error)) snackbar.error('Falha ao remover aplicativo');
      },
    });
  };

  const addButton = (
    <Button component={RouterLink} to={paths.admNewApp(clientId)} variant="contained" startIcon={<AddIcon />}>
      Novo Aplicativo
    </Button>
  );

  let content: ReactNode;
  if (apps.isPending) content = <CardListSkeleton />;
  else if (!apps.data)
    content = (
      <ErrorState
        message={messages.appListFailed}
        onRetry={() => apps.refetch()}
        retrying={apps.isFetching}
      />
    );
  else if (apps.data.length === 0)
    content = (
      <EmptyState
        icon={<AppsIcon />}
        message="Nenhum aplicativo cadastrado"
        detail="Os aplicativos aparecem no painel dos assinantes conforme o critério de ativação."
      />
    );
  else
    content = (
      <Card>
        <List disablePadding aria-label="Aplicativos" sx={{ px: 2 }}>
          {apps.data.map((app) => (
            <AppItem key={app.id} app={app} onRemove={() => askToRemove(app)} />
          ))}
        </List>
      </Card>
    );

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
          mb: 2,
        }}
      >
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Aplicativos
        </Typography>
        {addButton}
      </Box>
      {content}
      <ConfirmDialog
        open={confirming}
        title="Remover aplicativo?"
        confirmLabel="Remover"
        color="error"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setConfirming(false)}
      >
        <Typography>
          {removing?.name} deixa de aparecer para os assinantes deste provedor. Esta ação não pode ser
          desfeita.
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}
