import type { Mark } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import { auditKeys, type AuditTrail } from '../audit/index.js';

/** A journal cell as the audit trail records it (AuditCellValue of the contract). */
export interface CellValue {
  otsenka: Mark;
  source: string;
}

const valueOf = (cell: CellValue | undefined): CellValue | null =>
  cell ? { otsenka: cell.otsenka, source: cell.source } : null;

/**
 * The audit row of a cell written on `k` (its transaction): from `before` (undefined: no cell)
 * to `after`. A write that changed nothing (the same mark and source) records nothing.
 */
export async function recordCell(
  trail: AuditTrail,
  k: Kysely<Database>,
  actor: Actor,
  cell: { lessonId: number; studentId: number },
  before: CellValue | undefined,
  after: CellValue | undefined,
  now: number,
): Promise<void> {
  const [old, value] = [valueOf(before), valueOf(after)];
  if (old?.otsenka === value?.otsenka && old?.source === value?.source) return;
  await trail.record(
    k,
    actor,
    {
      kind: 'journal.cell',
      key: auditKeys.cell(cell.lessonId, cell.studentId),
      studentId: cell.studentId,
      before: old,
      after: value,
    },
    now,
  );
}
