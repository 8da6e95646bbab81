import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from '@/shared/components/page-title';
import { useTenant } from '@/shared/tenant';
import { AuthFrame } from './auth-frame';

type Props = {
  children: ReactNode;
  /** The page's h1; the sign-in pages keep the portal's name. */
  title?: string;
  /** The page's name in the browser's title ('Central - …', spec §2.5); the h1 when not given. */
  page?: string;
  /** A flow's progress, shown as 'Passo 2 de 4' above the title. */
  step?: { current: number; total: number };
  /** Between the logo (then smaller) and the title, e.g. a success icon. */
  illustration?: ReactNode;
};

function StepIndicator({ current, total }: { current: number; total: number }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Box aria-hidden sx={{ display: 'flex', gap: 0.75, justifyContent: 'center', mb: 1 }}>
        {Array.from({ length: total }, (_, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments have no identity but their place
            key={i}
            sx={{
              height: 4,
              width: 32,
              borderRadius: 2,
              bgcolor: i < current ? 'primary.main' : (theme) => alpha(theme.palette.text.primary, 0.12),
            }}
          />
        ))}
      </Box>
      <Typography variant="body2" align="center" color="text.secondary" sx={{ fontWeight: 600 }}>
        Passo {current} de {total}
      </Typography>
    </Box>
  );
}

const tint = (theme: Theme) =>
  `radial-gradient(circle at 20% 0%, ${alpha(theme.palette.primary.main, 0.16)}, transparent 55%),
          radial-gradient(circle at 100% 100%, ${alpha(theme.palette.secondary.main, 0.12)}, transparent 50%),
          ${alpha(theme.palette.primary.main, 0.04)}`;

/** The public pages' frame: a card centred on a soft tint of the tenant's colour. */
export function AuthLayout({ children, title = 'Central do Assinante', page, step, illustration }: Props) {
  const tenant = useTenant();
  return (
    <AuthFrame background={tint}>
      <PageTitle>{page ?? title}</PageTitle>
      <Box
        component="img"
        src={tenant.vertical_logo_url}
        alt={tenant.alias}
        sx={{
          display: 'block',
          mx: 'auto',
          mb: 2,
          height: illustration ? 64 : 96,
          maxWidth: '70%',
          objectFit: 'contain',
        }}
      />
      {illustration}
      {step && <StepIndicator {...step} />}
      <Typography component="h1" variant="h5" align="center" sx={{ fontWeight: 700, mb: 3 }}>
        {title}
      </Typography>
      {children}
    </AuthFrame>
  );
}
