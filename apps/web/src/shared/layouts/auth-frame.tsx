import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** The sign-in pages' frame: one card centred on the page's background. */
export function AuthFrame({
  background,
  children,
}: {
  background: (theme: Theme) => string;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: background(theme),
      })}
    >
      <Card sx={{ width: '100%', maxWidth: 420, boxShadow: '0 8px 32px rgba(16, 24, 40, 0.08)' }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
