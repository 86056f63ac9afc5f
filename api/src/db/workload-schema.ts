// Individual workload (see migrations/0070_workload.ts).

import type { Generated } from 'kysely';

/** The curriculum's hours of one lesson type of a discipline, per group and semester. */
export interface WorkloadCurriculumTable {
  id: Generated<number>;
  discipline_id: number;
  lesson_type_id: number;
  hours: number;
}

/**
 * A change of one plan row's hours (a teaching assignment's) by the registrar, with its note.
 * The newest (highest id) is the row's planned hours; all of them are its history.
 */
export interface WorkloadAdjustmentTable {
  id: Generated<number>;
  assignment_id: number;
  hours: number;
  /** The planned hours before this change. */
  previous_hours: number;
  note: string;
  /** users.id of the registrar who made it. */
  author_uid: number;
  /** Epoch ms. */
  created_at: number;
}

export interface WorkloadTables {
  workload_curriculum: WorkloadCurriculumTable;
  workload_adjustments: WorkloadAdjustmentTable;
}
