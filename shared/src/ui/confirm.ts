import { atom } from 'jotai';
import { lmsStore } from '../store.js';

export interface ConfirmOptions {
  /** Dialog heading; defaults to the translated 'Confirmation'. */
  title?: string;
  /** Label of the confirming button; defaults to the translated 'Yes'. */
  confirmLabel?: string;
  /** Label of the cancelling button; defaults to the translated 'Cancel'. */
  cancelLabel?: string;
  /** Styles the confirming button as destructive (delete, cancel an order). */
  danger?: boolean;
}

export interface ConfirmRequest {
  id: number;
  message: string;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** Questions waiting for an answer; <ConfirmHost /> shows the first. */
export const confirmQueueAtom = atom<readonly ConfirmRequest[]>([]);

let nextId = 1;

/**
 * Asks a yes/no question in the <ConfirmHost /> dialog; resolves true when confirmed, false
 * when cancelled (button, Esc or a click outside). Questions asked meanwhile wait their turn.
 */
export function confirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const answer = (confirmed: boolean) => {
      lmsStore.set(confirmQueueAtom, (queue) => queue.filter((request) => request.id !== id));
      resolve(confirmed);
    };
    lmsStore.set(confirmQueueAtom, (queue) => [
      ...queue,
      { id, message, options, resolve: answer },
    ]);
  });
}
