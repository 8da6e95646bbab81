import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A field that spans the section's two columns. */
export const full = { gridColumn: '1 / -1' };

/** A card of the back office's forms: a title, a line saying what it holds, its fields in two columns. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' },
            mt: 2.5,
          }}
        >
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The form's buttons, kept in view at the bottom of a long form. */
export function SaveBar({
  cancelTo,
  saving,
  saveLabel,
}: {
  cancelTo: string;
  saving: boolean;
  saveLabel: string;
}) {
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        mt: 3,
        mx: { xs: -2, sm: 0 },
        px: 2,
        py: 1.5,
        display: 'flex',
        justifyContent: 'flex-end',
        gap: 1,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        borderRadius: { sm: 2 },
        boxShadow: '0 -4px 16px rgba(16, 24, 40, 0.06)',
      }}
    >
      <Button component={RouterLink} to={cancelTo} color="inherit">
        Cancelar
      </Button>
      <Button type="submit" variant="contained" loading={saving}>
        {saveLabel}
      </Button>
    </Box>
  );
}
