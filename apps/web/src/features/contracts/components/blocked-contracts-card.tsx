import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import * as paths from '@/shared/paths';
import { contractsQuery } from '../api';
import { ContractStatusChip } from './contract-status-chip';
import { UnlockButton } from './unlock-button';

/** The contracts the card looks at, fetched ahead of it (the home's loader). */
export const prefetchBlockedContracts = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(contractsQuery());

/**
 * spec §2.2 home: a shortcut to the contracts when one is blocked, with the trust unlock one tap away.
 * Nothing shows while the list loads, when it fails or when no contract is blocked.
 */
export function BlockedContractsCard() {
  const { data: contracts } = useQuery(contractsQuery());
  const blocked = contracts?.filter((contract) => contract.blocked) ?? [];
  if (blocked.length === 0) return null;

  return (
    <Card
      component="section"
      aria-labelledby="blocked-contracts-title"
      sx={(theme) => ({
        borderColor: alpha(theme.palette.warning.main, 0.5),
        bgcolor: alpha(theme.palette.warning.main, 0.06),
      })}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <WarningAmberRounded aria-hidden sx={{ color: 'warning.dark', mt: 0.25 }} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography id="blocked-contracts-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
              {blocked.length === 1 ? 'Contrato com bloqueio' : 'Contratos com bloqueio'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Peça o desbloqueio de confiança para liberar a conexão enquanto regulariza as faturas.
            </Typography>
          </Box>
        </Box>
        <Box component="ul" sx={{ p: 0, m: 0, mt: 2, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {blocked.map((contract) => (
            <Box
              component="li"
              key={contract.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1.5,
                p: 1.5,
                borderRadius: 1,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 180 }}>
                <Typography sx={{ fontWeight: 600 }}>{contract.planName || 'Plano sem nome'}</Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                  <Typography variant="body2" color="text.secondary">
                    Contrato nº {contract.id}
                  </Typography>
                  <ContractStatusChip contract={contract} />
                </Box>
              </Box>
              <UnlockButton contract={contract} sx={{ flexGrow: { xs: 1, sm: 0 } }} />
            </Box>
          ))}
        </Box>
        <Button component={RouterLink} to={paths.contracts} sx={{ mt: 1.5, ml: -1 }}>
          Ver contratos
        </Button>
      </CardContent>
    </Card>
  );
}
