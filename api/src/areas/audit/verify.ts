import type { AuditRepository } from './repository.js';
import { chainBreak, GENESIS_DIGEST, type ChainBreak } from './rules.js';

/** How many rows are read at a time. */
const PAGE = 2000;

/** The outcome of checking the whole chain: how many rows held, and the first broken one. */
export interface ChainReport {
  checked: number;
  broken: ChainBreak | null;
}

/** Checks the trail from its first row, page by page; stops at the first broken row. */
export async function verifyChain(trail: Pick<AuditRepository, 'chainPage'>): Promise<ChainReport> {
  let previous = GENESIS_DIGEST;
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const rows = await trail.chainPage(afterId, PAGE);
    if (rows.length === 0) return { checked, broken: null };
    const outcome = chainBreak(rows, previous);
    if ('id' in outcome) {
      return { checked: checked + rows.findIndex((row) => row.id === outcome.id), broken: outcome };
    }
    checked += rows.length;
    previous = outcome.last;
    afterId = rows[rows.length - 1]!.id;
  }
}
