import type { CardBrand } from '@central/domain';
import Box from '@mui/material/Box';

/** A small card-shaped brand mark: the Visa wordmark or the two Mastercard circles. */
export function BrandBadge({ brand }: { brand: CardBrand | null }) {
  return (
    <Box
      aria-hidden
      sx={{
        flexShrink: 0,
        width: 48,
        height: 32,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'common.white',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {brand === 'Visa' && (
        <Box
          component="span"
          sx={{ color: '#1a1f71', fontWeight: 800, fontStyle: 'italic', fontSize: 15, letterSpacing: 0.5 }}
        >
          VISA
        </Box>
      )}
      {brand === 'Master' && (
        <Box sx={{ display: 'flex' }}>
          <Box sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: '#eb001b' }} />
          <Box
            sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: '#f79e1b', ml: -0.75, opacity: 0.9 }}
          />
        </Box>
      )}
      {brand === null && <Box sx={{ width: 24, height: 4, borderRadius: 1, bgcolor: 'action.disabled' }} />}
    </Box>
  );
}
