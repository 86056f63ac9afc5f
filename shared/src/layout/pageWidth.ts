import { atom } from 'jotai';

/**
 * How much room the screen on show asks for. A work screen (a journal grid, a transcript, a
 * queue) says 'wide' while it is mounted, through `PageFrame wide`; the shell then folds its side
 * panes away on a desktop. Kept in the shared store, so a remote's screen and the host agree.
 */
export type PageWidth = 'normal' | 'wide';

export const pageWidthAtom = atom<PageWidth>('normal');
