import { type SupportStatus, supportStatusLabels } from '@central/domain';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';

/** spec §4: 'Em andamento' or 'Fechado'. */
export function SupportStatusChip({ status }: { status: SupportStatus }) {
  return (
    <Chip
      label={supportStatusLabels[status]}
      size="small"
      sx={(theme) => {
        const main = status === 'in_progress' ? theme.palette.info.main : theme.palette.grey[600];
        return {
          fontWeight: 600,
          color: status === 'in_progress' ? theme.palette.info.dark : theme.palette.grey[800],
          bgcolor: alpha(main, 0.12),
          border: `1px solid ${alpha(main, 0.3)}`,
        };
      }}
    />
  );
}
