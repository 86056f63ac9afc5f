/**
 * The frame the server writes into a signed-in page (FrameScreen, filled in by
 * api/src/areas/portal/page-frame.ts): the top bar and the area's heading, painted with the
 * document while the app's own root stays hidden. The shell keeps it until its own page is
 * drawn (ShellLayout drops it; any page outside the shell at once: auth/prerendered.ts), and
 * shows the same heading in the content pane until the area's remote has come.
 */
import { FRAME_ID } from './marks';

export interface FrameHeading {
  title: string;
  /** '' where the page's heading has none (the home page). */
  description: string;
}

interface WrittenFrame extends FrameHeading {
  path: string;
  language: string;
  /** The portal's name in the top bar. */
  name: string;
}

let written: WrittenFrame | null | undefined;

const trimmed = (path: string) => path.replace(/\/+$/, '');

/** The frame's heading as the server wrote it (read once: before the frame is dropped). */
export function writtenFrame(): WrittenFrame | null {
  if (written !== undefined) return written;
  const frame = typeof document === 'undefined' ? null : document.getElementById(FRAME_ID);
  const title = frame?.querySelector('h1')?.textContent?.trim();
  // The home page's heading has no description: the server leaves its line out.
  const description = frame?.querySelector('h1 ~ p')?.textContent?.trim() ?? '';
  const path = frame?.getAttribute('data-path');
  const language = frame?.getAttribute('data-lang');
  const name = frame?.querySelector('[data-frame-name]')?.textContent?.trim() ?? '';
  written =
    title && path && language ? { title, description, path: trimmed(path), language, name } : null;
  return written;
}

/** Whether the server's frame is still on the screen. */
export function framePending(): boolean {
  return typeof document !== 'undefined' && document.getElementById(FRAME_ID) !== null;
}

/**
 * The heading the server wrote for `pathname` in `language`, if it wrote one for this page: the
 * content pane shows it while the area's remote loads.
 */
export function frameHeading(pathname: string, language: string): FrameHeading | null {
  const frame = writtenFrame();
  return frame && frame.path === trimmed(pathname) && frame.language === language
    ? { title: frame.title, description: frame.description }
    : null;
}

/**
 * The portal's name the frame showed in `language` ('' without one): the top bar keeps it until
 * the portal's configuration has come, instead of the product's name in between.
 */
export function frameName(language: string): string {
  const frame = writtenFrame();
  return frame?.language === language ? frame.name : '';
}

/** Forgets the frame read (tests). */
export function forgetFrame(): void {
  written = undefined;
}
