import Chip from '@mui/material/Chip';
import { alpha, darken } from '@mui/material/styles';

/** spec §2.4: a suspended provider is marked 'Suspenso' (a warning tint, its text at about 6:1). */
export function SuspendedChip() {
  return (
    <Chip
      component="span"
      label="Suspenso"
      size="small"
      sx={(theme) => ({
        fontWeight: 600,
        // MUI's warning.dark (#e65100) is under 4.5:1 on white: darkened, it reads at about 6:1.
        color: darken(theme.palette.warning.dark, 0.3),
        bgcolor: alpha(theme.palette.warning.main, 0.12),
        border: `1px solid ${alpha(theme.palette.warning.main, 0.3)}`,
      })}
    />
  );
}
