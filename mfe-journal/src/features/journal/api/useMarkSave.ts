import { useMutation } from '@tanstack/react-query';
import { classifyError } from '@lms/shared';
import type { Mark } from '../../../lib/marks';
import { cellKey, type CellRef, type SaveMark } from '../types';

/** A connection that dropped is tried again; a refusal by the server is not. */
const RETRIED = new Set(['NETWORK_ERROR', 'CONNECTION_ERROR', 'TIMEOUT_ERROR']);
export const SAVE_ATTEMPTS = 3;

export function retrySave(failureCount: number, error: unknown): boolean {
  return failureCount < SAVE_ATTEMPTS - 1 && RETRIED.has(classifyError(error).kind);
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Saving one cell: network failures are tried again, saves of the same cell run one after the
 * other (the last one typed wins), and a failed save keeps the mark typed with a retry.
 */
export function useMarkSave(cell: CellRef, save: SaveMark) {
  const mutation = useMutation({
    mutationKey: ['journal', 'mark', cellKey(cell)],
    mutationFn: (mark: Mark) => save(cell, mark),
    scope: { id: `journal-mark-${cellKey(cell)}` },
    retry: retrySave,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
  });
  const status: SaveStatus = mutation.isPending
    ? 'saving'
    : mutation.isError
      ? 'failed'
      : mutation.isSuccess
        ? 'saved'
        : 'idle';
  return {
    status,
    /** The mark typed while it is being saved or after it failed (what the user meant). */
    pending: status === 'saving' || status === 'failed' ? mutation.variables : undefined,
    error: mutation.error,
    set: (mark: Mark) => mutation.mutate(mark),
    retry: () => {
      if (mutation.variables !== undefined) mutation.mutate(mutation.variables);
    },
  };
}
