import {
  type ConnectionHistory,
  type ConnectionSession,
  formatBytes,
  formatDuration,
  messages,
} from '@central/domain';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import WifiOffOutlined from '@mui/icons-material/WifiOffOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { OnlineChip } from '@/shared/components/online-chip';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { connectionQuery } from '../api';
import { TrafficChart } from '../components/traffic-chart';
import { formatLocalDateTime, formatShortDateTime } from '../format';

const TITLE = 'Meu Consumo';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Each PPPoE login: connected or not, since when and with which address. */
function ConnectionNow({ logins }: { logins: ConnectionHistory['logins'] }) {
  return (
    <Section id="connection-now" title="Sua conexão agora">
      <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {logins.map((l) => (
          <Box key={l.login}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <OnlineChip online={l.online} />
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{l.login}</Typography>
            </Box>
            {l.online && l.since && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
                Conectado desde {formatLocalDateTime(l.since)}
              </Typography>
            )}
            {l.ip && (
              <Typography variant="body2" color="text.secondary">
                IP {l.ip}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

function Total({ icon, label, bytes }: { icon: ReactNode; label: string; bytes: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          sx={{
            fontWeight: 700,
            fontSize: { xs: '1.125rem', sm: '1.25rem' },
            lineHeight: 1.3,
            whiteSpace: 'nowrap',
          }}
        >
          {formatBytes(bytes)}
        </Typography>
      </Box>
    </Box>
  );
}

function Last30Days({ days }: { days: ConnectionHistory['days'] }) {
  const download = days.reduce((sum, d) => sum + d.download, 0);
  const upload = days.reduce((sum, d) => sum + d.upload, 0);
  return (
    <Section id="connection-days" title={`Últimos ${days.length} dias`}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'auto auto' },
          justifyContent: 'start',
          columnGap: 4,
          mb: 2,
        }}
      >
        <Total icon={<ArrowDownwardRounded aria-hidden />} label="Download" bytes={download} />
        <Total icon={<ArrowUpwardRounded aria-hidden />} label="Upload" bytes={upload} />
      </Box>
      <TrafficChart days={days} />
    </Section>
  );
}

/** The latest sessions: on a phone the duration and the upload go under the start and the download. */
function Sessions({ sessions }: { sessions: ConnectionSession[] }) {
  const wide = { display: { xs: 'none', sm: 'table-cell' } };
  const narrow = { display: { xs: 'block', sm: 'none' } };
  const duration = (s: ConnectionSession) =>
    s.stop ? formatDuration(s.seconds) : `${formatDuration(s.seconds)} (aberta)`;
  return (
    <Section id="connection-sessions" title="Últimas conexões">
      {sessions.length === 0 ? (
        <Typography color="text.secondary">Nenhuma conexão nos últimos 30 dias.</Typography>
      ) : (
        <Box sx={{ mx: { xs: -2, sm: 0 } }}>
          <Table size="small" aria-labelledby="connection-sessions">
            <TableHead>
              <TableRow>
                <TableCell>Início</TableCell>
                <TableCell sx={wide}>Duração</TableCell>
                <TableCell align="right">
                  Download
                  <Box component="span" sx={narrow}>
                    e upload
                  </Box>
                </TableCell>
                <TableCell align="right" sx={wide}>
                  Upload
                </TableCell>
                <TableCell sx={wide}>IP</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sessions.map((s) => (
                <TableRow key={s.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatShortDateTime(s.start)}
                    <Box component="span" sx={{ ...narrow, color: 'text.secondary' }}>
                      {duration(s)}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{duration(s)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(s.download)}
                    <Box component="span" sx={{ ...narrow, color: 'text.secondary' }}>
                      {formatBytes(s.upload)}
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ ...wide, whiteSpace: 'nowrap' }}>
                    {formatBytes(s.upload)}
                  </TableCell>
                  <TableCell sx={wide}>{s.ip ?? '–'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

/** Issue 15 /panel/connection: the subscriber's use of their connection in the last 30 days. */
export function ConnectionPage() {
  const history = useQuery(connectionQuery());

  let content: ReactNode;
  if (history.isPending) {
    content = <CardListSkeleton />;
  } else if (history.isError) {
    content = (
      <ErrorState
        message={messages.connectionFailed}
        onRetry={() => history.refetch()}
        retrying={history.isFetching}
      />
    );
  } else if (history.data.logins.length === 0) {
    content = (
      <EmptyState
        icon={<WifiOffOutlined />}
        message="Nenhuma conexão encontrada."
        detail="O consumo aparece aqui assim que o seu provedor ativar a sua conexão."
      />
    );
  } else {
    const { logins, days, sessions } = history.data;
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          // On a phone the state of the connection comes first; beside the chart on a wide screen.
          gridTemplateAreas: { xs: '"now" "days" "sessions"', lg: '"days now" "sessions now"' },
        }}
      >
        <Box sx={{ gridArea: 'now' }}>
          <ConnectionNow logins={logins} />
        </Box>
        <Box sx={{ gridArea: 'days', minWidth: 0 }}>
          <Last30Days days={days} />
        </Box>
        <Box sx={{ gridArea: 'sessions', minWidth: 0 }}>
          <Sessions sessions={sessions} />
        </Box>
      </Box>
    );
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} subtitle="O uso da sua internet nos últimos 30 dias." />
      {content}
    </>
  );
}
