import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';

/** Whether something is connected now: a router to the provider's ACS, a PPPoE login to its BRAS. */
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
