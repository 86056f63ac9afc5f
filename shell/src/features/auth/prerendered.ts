/**
 * index.html carries the login screen prerendered at build time (tools/webpack/prerender-html.cjs):
 * the server sends /lms/login with the screen in the visitor's language already in the page
 * (api/src/areas/portal/login-page.ts), and once the small boot script has run the visitor can
 * type, switch language or theme and press "sign in" before the app's scripts arrive. When the app's login form mounts, it takes the screen over:
 * what was typed, the focus and a held submit move into the form, and the static copy goes, in
 * the same frame (no flash); a press under way is let finish first. Anywhere else the static
 * copy is simply dropped.
 */
import { isLanguage, type Language, type ThemeMode } from '@lms/shared';
import { FRAME_ID, writtenFrame } from '../frame';

const SCREEN_ID = 'lms-login-static';

export interface PrerenderedLogin {
  values: { login: string; password: string };
  /** The field that had the focus, with its selection. */
  focus: { name: string; start: number | null; end: number | null } | null;
  /** "Sign in" was pressed before the app arrived. */
  submitted: boolean;
  /** The language the screen was in (the visitor may have switched it before the app arrived). */
  language: Language | null;
  /** The theme picked with the screen's dark-mode switch, if it was used. */
  theme: ThemeMode | null;
}

/** Set by the boot script while a press on the screen is under way (its down before its click). */
const PRESSED = 'data-pressed';

/** A press held longer than this is not waited for (a long press is no click). */
export const PRESS_WAIT_MS = 1000;

/**
 * Removes the prerendered screen (the login screen, or a signed-in page's frame: its heading is
 * read first, for the content pane) and shows the app's own root.
 */
export function dropPrerendered(): void {
  if (typeof document === 'undefined') return;
  writtenFrame();
  document.getElementById(SCREEN_ID)?.remove();
  document.getElementById(FRAME_ID)?.remove();
  document.documentElement.removeAttribute('data-prerendered');
}

/**
 * Hands what the visitor did on the prerendered form to `take` and removes the screen: at once,
 * or, while a press on it is under way, once it is released (the app arriving between the
 * press's down and its click would otherwise lose the click: its button would be gone). Without
 * a screen `take` is not called. Returns what cancels the wait.
 */
export function takeOverPrerendered(take: (handed: PrerenderedLogin) => void): () => void {
  const takeOver = () => {
    const handed = readAndDrop();
    if (handed) take(handed);
  };
  const screen = typeof document === 'undefined' ? null : document.getElementById(SCREEN_ID);
  if (!screen?.hasAttribute(PRESSED)) {
    takeOver();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!screen.hasAttribute(PRESSED)) finish();
  });
  const timer = window.setTimeout(() => finish(), PRESS_WAIT_MS);
  const cancel = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  const finish = () => {
    cancel();
    takeOver();
  };
  observer.observe(screen, { attributes: true, attributeFilter: [PRESSED] });
  return cancel;
}

/** What the visitor did on the prerendered form (null without one); removes it. */
function readAndDrop(): PrerenderedLogin | null {
  if (typeof document === 'undefined') return null;
  const screen = document.getElementById(SCREEN_ID);
  const form = screen?.querySelector('form');
  if (!screen || !form) {
    dropPrerendered();
    return null;
  }
  const input = (name: string) =>
    form.querySelector<HTMLInputElement>(`input[name="${name}"]`) ?? null;
  const values = { login: input('login')?.value ?? '', password: input('password')?.value ?? '' };
  const active = document.activeElement;
  const focus =
    active instanceof HTMLInputElement && screen.contains(active)
      ? { name: active.name, start: active.selectionStart, end: active.selectionEnd }
      : null;
  const submitted = form.hasAttribute('data-submitted');
  const shown = screen.getAttribute('data-lang');
  const picked = screen.getAttribute('data-theme-picked');
  dropPrerendered();
  return {
    values,
    focus,
    submitted,
    language: isLanguage(shown) ? shown : null,
    theme: picked === 'dark' || picked === 'light' ? picked : null,
  };
}
