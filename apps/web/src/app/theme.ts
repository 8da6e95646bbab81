import type { Theme as TenantTheme } from '@central/domain';
import { alpha, createTheme, type Theme } from '@mui/material/styles';

const FALLBACK_PRIMARY = '#1976d2';
const SYSTEM_FONTS = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/** Tenants type colours by hand: accept `0B5CAD` as `#0B5CAD`, fall back on anything else. */
function cssColor(value: string | null | undefined): string | undefined {
  const color = value?.trim();
  if (!color) return undefined;
  if (/^[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color)) return `#${color}`;
  if (/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color) || /^(rgb|hsl)a?\(.+\)$/i.test(color)) return color;
  return undefined;
}

/** Clean Material look: 8 px corners, the system's own fonts, no uppercase buttons. */
export function buildTheme(tenant?: Pick<TenantTheme, 'primary_color' | 'secondary_color'>): Theme {
  const primary = cssColor(tenant?.primary_color) ?? FALLBACK_PRIMARY;
  const secondary = cssColor(tenant?.secondary_color) ?? primary;
  const base = createTheme({
    palette: {
      primary: { main: primary },
      secondary: { main: secondary },
      // WCAG AA for normal text when MUI picks the text colour over primary/secondary.
      contrastThreshold: 4.5,
      background: { default: '#f6f7f9' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: SYSTEM_FONTS, button: { textTransform: 'none', fontWeight: 600 } },
  });

  // Two rings, white then primary, stay visible on white pages and on the primary app bar alike.
  const focusRing = `0 0 0 2px ${base.palette.common.white}, 0 0 0 4px ${base.palette.primary.main}`;
  return createTheme(base, {
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          'a:focus-visible': { outline: `2px solid ${base.palette.primary.main}`, outlineOffset: 2 },
        },
      },
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { boxShadow: focusRing } } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: {
        styleOverrides: { root: { border: `1px solid ${alpha(base.palette.text.primary, 0.08)}` } },
        defaultProps: { elevation: 0 },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  });
}

/** spec §2.4: the back office is Central's own, not a provider's: one neutral theme. */
export const centralTheme = buildTheme({ primary_color: '#0B5CAD', secondary_color: null });
