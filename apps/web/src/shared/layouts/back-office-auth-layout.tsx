import HubOutlined from '@mui/icons-material/HubOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The back office's sign-in frame (spec §2.4): Central's own mark, no provider's brand. */
export function BackOfficeAuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
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
        background: `radial-gradient(circle at 15% 0%, ${alpha(theme.palette.primary.main, 0.18)}, transparent 55%),
          ${alpha(theme.palette.primary.main, 0.04)}`,
      })}
    >
      <Card sx={{ width: '100%', maxWidth: 420, boxShadow: '0 8px 32px rgba(16, 24, 40, 0.08)' }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mb: 2 }}>
            <Box
              aria-hidden
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                borderRadius: 2,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              <HubOutlined />
            </Box>
            <Typography sx={{ fontWeight: 700, fontSize: '1.5rem' }}>Central</Typography>
          </Box>
          <Typography component="h1" variant="h5" align="center" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography align="center" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            {subtitle}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
