import { THEME_COLOR, palettes, themeCss, type Palette } from './palette.js';

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const TEXT_PAIRS: [keyof Palette, keyof Palette][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['muted', 'bg'],
  ['muted', 'surface'],
  ['primary', 'bg'],
  ['primary', 'surface'],
  ['danger', 'surface'],
  ['success', 'surface'],
  ['primaryContrast', 'primary'],
  ['dangerContrast', 'danger'],
];

describe.each(['light', 'dark'] as const)('%s palette', (mode) => {
  it.each(TEXT_PAIRS)('%s on %s meets WCAG AA (4.5:1)', (fg, bg) => {
    expect(contrast(palettes[mode][fg], palettes[mode][bg])).toBeGreaterThanOrEqual(4.5);
  });
});

describe('themeCss', () => {
  it('uses the theme colour #4967a3 as the light primary', () => {
    expect(THEME_COLOR).toBe('#4967a3');
    expect(palettes.light.primary).toBe('#4967a3');
  });

  it('defines every agreed variable on :root and the colours again for dark mode', () => {
    const css = themeCss();
    const [root, dark] = css.split('[data-theme="dark"]') as [string, string];
    for (const name of [
      'primary',
      'primary-contrast',
      'bg',
      'surface',
      'text',
      'muted',
      'border',
      'danger',
      'success',
      'radius',
      'shadow',
      'font',
    ]) {
      expect(root).toContain(`--lms-${name}:`);
    }
    expect(root).toContain('--lms-primary: #4967a3;');
    expect(dark).toContain(`--lms-bg: ${palettes.dark.bg};`);
    expect(dark).toContain('color-scheme: dark;');
  });
});
