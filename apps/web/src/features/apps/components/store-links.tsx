import Android from '@mui/icons-material/Android';
import Apple from '@mui/icons-material/Apple';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** The app's pages in the stores, when the provider gave them; each opens in a new tab. */
export function StoreLinks({
  name,
  appStore,
  playStore,
}: {
  name: string;
  appStore: string | null;
  playStore: string | null;
}) {
  if (!appStore && !playStore) return null;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {playStore && (
        <Button
          size="small"
          variant="outlined"
          href={playStore}
          {...external}
          startIcon={<Android />}
          aria-label={`${name} no Google Play`}
        >
          Google Play
        </Button>
      )}
      {appStore && (
        <Button
          size="small"
          variant="outlined"
          href={appStore}
          {...external}
          startIcon={<Apple />}
          aria-label={`${name} na App Store`}
        >
          App Store
        </Button>
      )}
    </Box>
  );
}
