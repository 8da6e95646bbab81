import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Nothing to list: an icon, the spec's text and, maybe, what to do next. */
export function EmptyState({
  icon,
  message,
  detail,
  action,
}: {
  icon: ReactNode;
  message: string;
  detail?: string;
  action?: ReactNode;
}) {
  return (
    <Card>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 1.5,
          px: 3,
          py: { xs: 4, sm: 6 },
        }}
      >
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 64,
            height: 64,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            color: 'text.secondary',
            '& svg': { fontSize: 32 },
          }}
        >
          {icon}
        </Box>
        <Typography sx={{ fontWeight: 600 }}>{message}</Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
            {detail}
          </Typography>
        )}
        {action && <Box sx={{ mt: 1 }}>{action}</Box>}
      </Box>
    </Card>
  );
}
