import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTenant } from '@/shared/tenant';

/** The public pages' frame: a card centred on a soft tint of the tenant's colour. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const tenant = useTenant();
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
        background: `radial-gradient(circle at 20% 0%, ${alpha(theme.palette.primary.main, 0.16)}, transparent 55%),
          radial-gradient(circle at 100% 100%, ${alpha(theme.palette.secondary.main, 0.12)}, transparent 50%),
          ${alpha(theme.palette.primary.main, 0.04)}`,
      })}
    >
      <Card sx={{ width: '100%', maxWidth: 420, boxShadow: '0 8px 32px rgba(16, 24, 40, 0.08)' }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Box
            component="img"
            src={tenant.vertical_logo_url}
            alt={tenant.alias}
            sx={{ display: 'block', mx: 'auto', mb: 2, height: 96, maxWidth: '70%', objectFit: 'contain' }}
          />
          <Typography component="h1" variant="h5" align="center" sx={{ fontWeight: 700, mb: 3 }}>
            Central do Assinante
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
