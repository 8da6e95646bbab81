import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';

/** spec §4 App state: active, waiting for activation, or disabled by the partner (offline). */
export function AppStatusChip({ status }: { status: 'active' | 'pending' | 'disabled' }) {
  const label = { active: 'Ativo', pending: 'Não ativado', disabled: 'Desativado' }[status];
  return (
    <Chip
      label={label}
      size="small"
      sx={(theme) => {
        const main = {
          active: theme.palette.success.main,
          pending: theme.palette.info.main,
          disabled: theme.palette.grey[600],
        }[status];
        const text = {
          active: theme.palette.success.dark,
          pending: theme.palette.info.dark,
          disabled: theme.palette.grey[800],
        }[status];
        return {
          fontWeight: 600,
          color: text,
          bgcolor: alpha(main, 0.12),
          border: `1px solid ${alpha(main, 0.3)}`,
        };
      }}
    />
  );
}
