import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from '@/shared/components/page-title';

/**
 * A full-page message (not found, start-up failures): illustration, heading, text and an action; the
 * heading is also the page's name in the browser's title.
 */
export function MessagePage(props: {
  illustration?: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 3,
        py: 4,
        textAlign: 'center',
      }}
    >
      <PageTitle>{props.title}</PageTitle>
      {props.illustration}
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {props.title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        {props.text}
      </Typography>
      {props.action}
    </Box>
  );
}
