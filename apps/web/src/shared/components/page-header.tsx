import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

type Props = {
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** A 'Voltar' link above the title. */
  back?: { to: string; label?: string };
  /** Buttons on the right of the title (under it on phones). */
  actions?: ReactNode;
};

/** The top of a panel page: an optional 'Voltar', the page's h1 and its actions. */
export function PageHeader({ title, subtitle, back, actions }: Props) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      {back && (
        <Button
          component={RouterLink}
          to={back.to}
          startIcon={<ArrowBackIcon />}
          size="small"
          sx={{ mb: 1, ml: -1 }}
        >
          {back.label ?? 'Voltar'}
        </Button>
      )}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            component="h1"
            variant="h4"
            sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
    </Box>
  );
}
