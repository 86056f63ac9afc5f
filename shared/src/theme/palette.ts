export type ThemeMode = 'light' | 'dark';

/** Theme variables; every text/background pair meets WCAG AA (4.5:1), checked in palette.test. */
export interface Palette {
  primary: string;
  primaryContrast: string;
  bg: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  danger: string;
  dangerContrast: string;
  success: string;
  shadow: string;
}

export const THEME_COLOR = '#4967a3';

export const palettes: Record<ThemeMode, Palette> = {
  light: {
    primary: THEME_COLOR,
    primaryContrast: '#ffffff',
    bg: '#f3f5f9',
    surface: '#ffffff',
    text: '#1d2533',
    muted: '#5b6579',
    border: '#d3d9e4',
    danger: '#b3261e',
    dangerContrast: '#ffffff',
    success: '#2e7d32',
    shadow: '0 2px 8px rgba(29, 37, 51, 0.16)',
  },
  // The brand blue is too dark on a dark background, so dark mode uses a lighter tint of it.
  dark: {
    primary: '#8aa4dc',
    primaryContrast: '#10172a',
    bg: '#11161f',
    surface: '#1a212d',
    text: '#e7ebf2',
    muted: '#a4aec1',
    border: '#343f52',
    danger: '#ff8a80',
    dangerContrast: '#10172a',
    success: '#81c995',
    shadow: '0 2px 10px rgba(0, 0, 0, 0.5)',
  },
};

const RADIUS = '8px';
const FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

function declarations(mode: ThemeMode): string {
  const p = palettes[mode];
  return [
    `color-scheme: ${mode};`,
    `--lms-primary: ${p.primary};`,
    `--lms-primary-contrast: ${p.primaryContrast};`,
    `--lms-bg: ${p.bg};`,
    `--lms-surface: ${p.surface};`,
    `--lms-text: ${p.text};`,
    `--lms-muted: ${p.muted};`,
    `--lms-border: ${p.border};`,
    `--lms-danger: ${p.danger};`,
    `--lms-danger-contrast: ${p.dangerContrast};`,
    `--lms-success: ${p.success};`,
    `--lms-shadow: ${p.shadow};`,
    ...(mode === 'light' ? [`--lms-radius: ${RADIUS};`, `--lms-font: ${FONT};`] : []),
  ].join(' ');
}

/** The stylesheet of the theme variables: light on :root, dark under [data-theme="dark"]. */
export function themeCss(): string {
  return `:root { ${declarations('light')} }\n[data-theme="dark"] { ${declarations('dark')} }\n`;
}
