import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';

/** Whether the router is talking to the provider's ACS now. */
export function OnlineChip({ online }: { online: boolean }) {
  return (
    <Chip
      label={online ? 'Online' : 'Offline'}
      size="small"
      sx={(theme) => {
        const main = online ? theme.palette.success.main : theme.palette.grey[600];
        return {
          fontWeight: 600,
          color: online ? theme.palette.success.dark : theme.palette.grey[800],
          bgcolor: alpha(main, 0.12),
          border: `1px solid ${alpha(main, 0.3)}`,
        };
      }}
    />
  );
}

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
