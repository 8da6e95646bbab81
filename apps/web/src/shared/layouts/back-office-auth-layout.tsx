import HubOutlined from '@mui/icons-material/HubOutlined';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AuthFrame } from './auth-frame';

const tint = (theme: Theme) =>
  `radial-gradient(circle at 15% 0%, ${alpha(theme.palette.primary.main, 0.18)}, transparent 55%),
          ${alpha(theme.palette.primary.main, 0.04)}`;

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
    <AuthFrame background={tint}>
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
    </AuthFrame>
  );
}
