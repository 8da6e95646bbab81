import { FALLBACK_PRIMARY_COLOR } from '@central/domain';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './theme';

describe("a provider's theme", () => {
  it("takes the provider's colours, with text over them at WCAG AA contrast", () => {
    const theme = buildTheme({ primary_color: '#6A1B9A', secondary_color: '#F9A825' });
    expect(theme.palette.primary.main).toBe('#6A1B9A');
    expect(theme.palette.secondary.main).toBe('#F9A825');
    for (const { main, contrastText } of [theme.palette.primary, theme.palette.secondary]) {
      expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("rings a focused control in white then the provider's colour, and borders cards as MUI's text colour", () => {
    // The light palette the theme is written against, before it exists.
    const mui = createTheme().palette;
    expect([mui.common.white, mui.text.primary]).toEqual(['#fff', 'rgba(0, 0, 0, 0.87)']);
    const theme = buildTheme({ primary_color: '#0B5CAD', secondary_color: null });
    expect(theme.components?.MuiButtonBase?.styleOverrides?.root).toEqual({
      '&.Mui-focusVisible': { boxShadow: '0 0 0 2px #fff, 0 0 0 4px #0B5CAD' },
    });
    expect(theme.components?.MuiCard?.styleOverrides?.root).toEqual({
      border: '1px solid rgba(0, 0, 0, 0.08)',
    });
    expect(theme.palette.secondary.main).toBe('#0B5CAD');
  });

  it('falls back to MUI’s blue for no colour or a bad one', () => {
    expect(buildTheme().palette.primary.main).toBe(FALLBACK_PRIMARY_COLOR);
    expect(buildTheme({ primary_color: 'not a colour', secondary_color: null }).palette.primary.main).toBe(
      FALLBACK_PRIMARY_COLOR,
    );
  });
});
