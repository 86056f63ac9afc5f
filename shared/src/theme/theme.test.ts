import { act, renderHook } from '@testing-library/react';
import { lmsStore } from '../store.js';
import { applyTheme, initialTheme, installThemeStyles, themeAtom, useTheme } from './theme.js';

function mockColorScheme(dark: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

beforeEach(() => {
  localStorage.clear();
  document.getElementById('lms-theme')?.remove();
  delete document.documentElement.dataset.theme;
  mockColorScheme(false);
});

describe('initialTheme', () => {
  it('follows prefers-color-scheme when nothing is stored', () => {
    expect(initialTheme()).toBe('light');
    mockColorScheme(true);
    expect(initialTheme()).toBe('dark');
  });

  it('prefers the stored choice and ignores invalid values', () => {
    mockColorScheme(true);
    localStorage.setItem('theme', 'light');
    expect(initialTheme()).toBe('light');
    localStorage.setItem('theme', 'purple');
    expect(initialTheme()).toBe('dark');
  });
});

describe('applyTheme', () => {
  it('sets data-theme on <html>, persists the choice and updates the atom', () => {
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(lmsStore.get(themeAtom)).toBe('dark');
    applyTheme('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

describe('installThemeStyles', () => {
  it('injects one <style id="lms-theme"> and shows the current theme without persisting it', () => {
    mockColorScheme(true);
    installThemeStyles();
    installThemeStyles();
    const styles = document.querySelectorAll('style#lms-theme');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toContain('--lms-primary: #4967a3;');
    expect(styles[0]?.textContent).toContain('[data-theme="dark"]');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('shows the system setting of the moment it starts following it, not of the module load', () => {
    // The module was evaluated while the system was dark; it turned light before the page's
    // start installed the listener, so no change event will come.
    lmsStore.set(themeAtom, 'dark');
    mockColorScheme(false);
    installThemeStyles();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(lmsStore.get(themeAtom)).toBe('light');
    localStorage.setItem('theme', 'dark');
    installThemeStyles();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('follows a change of the system setting until the user chooses', () => {
    let listener: ((event: { matches: boolean }) => void) | undefined;
    window.matchMedia = jest.fn().mockImplementation(() => ({
      matches: false,
      addEventListener: (_type: string, handler: typeof listener) => {
        listener = handler;
      },
    }));
    lmsStore.set(themeAtom, 'light');
    installThemeStyles();
    listener?.({ matches: true });
    expect(document.documentElement.dataset.theme).toBe('dark');
    applyTheme('light');
    listener?.({ matches: true });
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('useTheme', () => {
  it('toggles between light and dark', () => {
    applyTheme('light');
    const { result } = renderHook(() => useTheme());
    expect(result.current.mode).toBe('light');
    act(() => result.current.toggle());
    expect(result.current.mode).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    act(() => result.current.toggle());
    expect(result.current.mode).toBe('light');
  });
});
