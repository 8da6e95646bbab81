import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** spec §9: lists and home cards show 3 skeletons while loading. */
export const SKELETON_COUNT = 3;

/**
 * A card's placeholder. With a `label` it is the page's loading status ('Carregando …'), which screen readers
 * announce and the accessibility tests wait for; inside a labelled list it stays hidden.
 */
export function CardSkeleton({ lines = 2, label }: { lines?: number; label?: string }) {
  const card = (
    <Card variant="outlined" aria-hidden>
      <CardContent>
        <Skeleton variant="text" width="45%" sx={{ fontSize: '1.25rem' }} />
        {Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} variant="text" width={i === lines - 1 ? '60%' : '90%'} />
        ))}
      </CardContent>
    </Card>
  );
  return label ? (
    <Box role="status" aria-label={label}>
      {card}
    </Box>
  ) : (
    card
  );
}

export function CardListSkeleton({ count = SKELETON_COUNT }: { count?: number }) {
  return (
    <Stack spacing={2} role="status" aria-label="Carregando">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <CardSkeleton key={i} />
      ))}
    </Stack>
  );
}
