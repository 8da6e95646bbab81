import { canAddSupportMessage, messages, type SupportMessage } from '@central/domain';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import * as paths from '@/shared/paths';
import { supportDetailsQuery } from '../api';
import { AttachmentLinks } from '../components/attachment-links';
import { SupportStatusChip } from '../components/support-status-chip';
import { formatDateTime } from '../format';
import { isSupportId, isSupportNotFound } from '../ids';

const TITLE = 'Detalhes do Atendimento';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: 2,
        py: 1.25,
        '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
      }}
    >
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function MessageItem({ message, attachments }: { message: SupportMessage; attachments: ReactNode }) {
  const fromAttendant = message.ATTENDANT !== null;
  const author = message.ATTENDANT?.nome || (fromAttendant ? 'Atendente' : 'Você');
  const date = formatDateTime(message.data);
  return (
    <Box
      component="li"
      sx={(theme) => ({
        listStyle: 'none',
        p: 2,
        borderRadius: 2,
        border: 1,
        borderColor: fromAttendant ? alpha(theme.palette.primary.main, 0.25) : 'divider',
        bgcolor: fromAttendant ? alpha(theme.palette.primary.main, 0.05) : 'background.paper',
        ml: { sm: fromAttendant ? 0 : 6 },
        mr: { sm: fromAttendant ? 6 : 0 },
      })}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mb: 0.75 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {author}
        </Typography>
        {date && (
          <Typography component="span" variant="body2" color="text.secondary">
            {date}
          </Typography>
        )}
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.mensagem}</Typography>
      {attachments}
    </Box>
  );
}

/** spec §2.2 /panel/customer-service/{id}: the ticket, then its messages with who wrote them and when. */
export function DetailsPage() {
  const { supportId = '' } = useParams();
  const valid = isSupportId(supportId);
  const details = useQuery({ ...supportDetailsQuery(supportId), enabled: valid });

  let content: ReactNode;
  let back: string = paths.customerService.inProgress;
  if (!valid || (details.isError && isSupportNotFound(details.error))) {
    content = <ErrorState message={messages.supportNotFound} />;
  } else if (details.isPending) {
    content = <CardListSkeleton count={2} />;
  } else if (details.isError) {
    content = (
      <ErrorState
        message={messages.supportsFailed}
        onRetry={() => details.refetch()}
        retrying={details.isFetching}
      />
    );
  } else {
    const { support, messages: replies, attachments } = details.data;
    const filesOf = (messageId: string | null) => (
      <AttachmentLinks
        supportId={support.id}
        attachments={attachments.filter((a) => a.messageId === messageId)}
      />
    );
    if (support.status === 'closed') back = paths.customerService.closed;
    const opened = formatDateTime(support.created_at);
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
        }}
      >
        <Card component="section" aria-labelledby="support-details-title">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography
              id="support-details-title"
              component="h2"
              variant="h6"
              sx={{ fontWeight: 600, mb: 1 }}
            >
              {support.subject || 'Atendimento'}
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              <Row label="Assunto">{support.subject || '—'}</Row>
              <Row label="Protocolo">{support.protocolo}</Row>
              <Row label="Aberto em">{opened || '—'}</Row>
              <Row label="Situação">
                <SupportStatusChip status={support.status} />
              </Row>
            </Box>
            <Typography component="h3" color="text.secondary" sx={{ mt: 2, mb: 0.5 }}>
              Mensagem
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {support.message || '—'}
            </Typography>
            {filesOf(null)}
            {canAddSupportMessage(support.status) && (
              <Button
                component={RouterLink}
                to={paths.supportAddMessage(support.id)}
                variant="contained"
                startIcon={<AddCommentOutlined />}
                sx={{ mt: 3, width: { xs: '100%', sm: 'auto' } }}
              >
                Adicionar mensagem
              </Button>
            )}
          </CardContent>
        </Card>
        <Box component="section" aria-labelledby="support-messages-title">
          <Typography
            id="support-messages-title"
            component="h2"
            variant="h6"
            sx={{ fontWeight: 600, mb: 1.5 }}
          >
            Mensagens
          </Typography>
          {replies.length === 0 ? (
            <EmptyState icon={<ChatBubbleOutline />} message={messages.noSupportMessages} />
          ) : (
            <Box
              component="ol"
              aria-label="Mensagens do atendimento"
              sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}
            >
              {replies.map((message) => (
                <MessageItem key={message.id} message={message} attachments={filesOf(message.id)} />
              ))}
            </Box>
          )}
        </Box>
      </Box>
    );
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} back={{ to: back }} />
      {content}
    </>
  );
}
