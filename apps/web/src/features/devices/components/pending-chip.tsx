import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';

/** A password the router has not taken yet: it was offline (spec §8 Devices). */
export function PendingChip() {
  return (
    <Chip
      label="Alteração pendente"
      size="small"
      sx={(theme) => ({
        fontWeight: 600,
        color: theme.palette.info.dark,
        bgcolor: alpha(theme.palette.info.main, 0.12),
        border: `1px solid ${alpha(theme.palette.info.main, 0.3)}`,
      })}
    />
  );
}
