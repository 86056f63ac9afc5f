import { atom, useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { readStoredItem, writeStoredItem } from '../session/storage.js';
import { lmsStore } from '../store.js';
import { themeCss, type ThemeMode } from './palette.js';

export const THEME_STORAGE_KEY = 'theme';
const STYLE_ELEMENT_ID = 'lms-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedTheme(): ThemeMode | null {
  const value = readStoredItem(THEME_STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

function systemTheme(): ThemeMode {
  const prefersDark =
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DARK_QUERY).matches;
  return prefersDark ? 'dark' : 'light';
}

/** The user's explicit choice, else what the operating system prefers. */
export function initialTheme(): ThemeMode {
  return storedTheme() ?? systemTheme();
}

export const themeAtom = atom<ThemeMode>(initialTheme());

function showTheme(mode: ThemeMode): void {
  lmsStore.set(themeAtom, mode);
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = mode;
}

/** Switches the theme and remembers the choice in local storage `theme`. */
export function applyTheme(mode: ThemeMode): void {
  writeStoredItem(THEME_STORAGE_KEY, mode);
  showTheme(mode);
}

/**
 * Injects the theme variables once (<style id="lms-theme">) and shows the current theme: the
 * user's choice, else the operating system's setting, which the page follows as it changes.
 */
export function installThemeStyles(): void {
  if (typeof document === 'undefined') return;
  if (!document.getElementById(STYLE_ELEMENT_ID)) {
    const style = document.createElement('style');
    style.id = STYLE_ELEMENT_ID;
    style.textContent = themeCss();
    document.head.appendChild(style);
    if (typeof window.matchMedia === 'function') {
      window.matchMedia(DARK_QUERY).addEventListener?.('change', (event) => {
        if (storedTheme() === null) showTheme(event.matches ? 'dark' : 'light');
      });
    }
  }
  // Read again now that changes are followed: the system's setting may have changed since this
  // module was evaluated (the page's start runs in steps), and that change came before the
  // listener.
  showTheme(initialTheme());
}

export interface ThemeControl {
  mode: ThemeMode;
  toggle: () => void;
}

export function useTheme(): ThemeControl {
  const mode = useAtomValue(themeAtom, { store: lmsStore });
  const toggle = useCallback(() => applyTheme(mode === 'dark' ? 'light' : 'dark'), [mode]);
  return { mode, toggle };
}
