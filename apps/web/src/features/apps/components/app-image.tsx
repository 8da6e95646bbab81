import Box from '@mui/material/Box';

/** The app's logo; its name is always written next to it, so the image itself says nothing. */
export function AppImage({ src, size = 56 }: { src: string; size?: number }) {
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      sx={{
        flexShrink: 0,
        borderRadius: 1.5,
        objectFit: 'contain',
        bgcolor: 'action.hover',
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}
