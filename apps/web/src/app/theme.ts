import {
  APP_BACKGROUND_COLOR,
  FALLBACK_PRIMARY_COLOR,
  type Theme as TenantTheme,
  tenantColor,
} from '@central/domain';
import { alpha, createTheme, type Theme } from '@mui/material/styles';

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

/** MUI's light palette: `common.white` and `text.primary`, used before the theme exists. */
const WHITE = '#fff';
const LIGHT_TEXT_PRIMARY = 'rgba(0, 0, 0, 0.87)';

/** Clean Material look: 8 px corners, the system's own fonts, no uppercase buttons. */
export function buildTheme(tenant?: Pick<TenantTheme, 'primary_color' | 'secondary_color'>): Theme {
  const primary = tenantColor(tenant?.primary_color) ?? FALLBACK_PRIMARY_COLOR;
  const secondary = tenantColor(tenant?.secondary_color) ?? primary;
  // Two rings, white then primary, stay visible on white pages and on the primary app bar alike.
  const focusRing = `0 0 0 2px ${WHITE}, 0 0 0 4px ${primary}`;
  // One createTheme call per theme: each is work before the first paint.
  return createTheme({
    palette: {
      primary: { main: primary },
      secondary: { main: secondary },
      // WCAG AA for normal text when MUI picks the text colour over primary/secondary.
      contrastThreshold: 4.5,
      background: { default: APP_BACKGROUND_COLOR },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: SYSTEM_FONTS, button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiCssBaseline: {
        styleOverrides: { 'a:focus-visible': { outline: `2px solid ${primary}`, outlineOffset: 2 } },
      },
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { boxShadow: focusRing } } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: {
        styleOverrides: { root: { border: `1px solid ${alpha(LIGHT_TEXT_PRIMARY, 0.08)}` } },
        defaultProps: { elevation: 0 },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  });
}

/** spec §2.4: the back office is Central's own, not a provider's: one neutral theme. */
export const centralTheme = buildTheme({ primary_color: '#0B5CAD', secondary_color: null });
