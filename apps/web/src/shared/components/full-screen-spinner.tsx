import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function FullScreenSpinner() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Carregando" color="inherit" sx={{ color: 'text.secondary' }} />
    </Box>
  );
}
