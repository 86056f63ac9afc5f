import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { classifyError } from '@lms/shared';
import type { Mark } from '../../../lib/marks';
import { CellConflict, cellKey, type CellRef, type ConflictState, type SaveMark } from '../types';

/** A connection that dropped is tried again; a refusal by the server is not. */
const RETRIED = new Set(['NETWORK_ERROR', 'CONNECTION_ERROR', 'TIMEOUT_ERROR']);
export const SAVE_ATTEMPTS = 3;

export function retrySave(failureCount: number, error: unknown): boolean {
  return failureCount < SAVE_ATTEMPTS - 1 && RETRIED.has(classifyError(error).kind);
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

/** A mark typed and the cell's version it was typed on (0: the cell had none). */
interface Typed {
  mark: Mark;
  basedOn: number;
}

/**
 * Saving one cell: network failures are tried again, saves of the same cell run one after the
 * other (the last one typed wins), and a failed save keeps the mark typed with a retry. Each save
 * names the version the mark was typed on; a save typed before an earlier one of this screen was
 * stored goes on that one's version, so fast typing in one cell is not taken for a conflict.
 * A conflict (the cell changed elsewhere) drops the mark typed: the cell shows the newer one.
 */
export function useMarkSave(cell: CellRef, save: SaveMark) {
  // The versions this screen's own saves moved the cell from → to.
  const moved = useRef(new Map<number, number>());
  const mutation = useMutation({
    mutationKey: ['journal', 'mark', cellKey(cell)],
    mutationFn: async ({ mark, basedOn }: Typed) => {
      let version = basedOn;
      for (let next = moved.current.get(version); next !== undefined;) {
        version = next;
        next = moved.current.get(version);
      }
      const saved = await save(cell, mark, version);
      if (saved !== version) moved.current.set(version, saved);
      return saved;
    },
    scope: { id: `journal-mark-${cellKey(cell)}` },
    retry: retrySave,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
  });
  const conflict: ConflictState | null =
    mutation.error instanceof CellConflict ? mutation.error.current : null;
  const status: SaveStatus = mutation.isPending
    ? 'saving'
    : conflict
      ? 'conflict'
      : mutation.isError
        ? 'failed'
        : mutation.isSuccess
          ? 'saved'
          : 'idle';
  return {
    status,
    /** The mark typed while it is being saved or after it failed (what the user meant). */
    pending: status === 'saving' || status === 'failed' ? mutation.variables?.mark : undefined,
    error: mutation.error,
    /** What the cell held when the save was refused as based on an older version. */
    conflict,
    /** Saves a mark typed on the cell's `basedOn` version. */
    set: (mark: Mark, basedOn: number) => mutation.mutate({ mark, basedOn }),
    retry: () => {
      if (mutation.variables !== undefined) mutation.mutate(mutation.variables);
    },
  };
}
