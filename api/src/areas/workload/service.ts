import type {
  Language,
  WorkloadAdjustBody,
  WorkloadDepartmentResponse,
  WorkloadRow,
  WorkloadTeacherResponse,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { createAccessRepository, hiddenRecord } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { WORKLOAD_MESSAGES } from './messages.js';
import { normalizedNote, teacherPlan, totalsOf } from './plan.js';
import { createWorkloadRepository, type WorkloadRepository } from './repository.js';

/**
 * Workload's reads and its one write (built by the area's index.ts). The plan is read fresh on
 * every call: the curriculum, the adjustments and the journal are the only state.
 */
export function createWorkloadService(db: Kysely<Database>, repo: WorkloadRepository) {
  const teacherView = async (
    lng: Language,
    teacherId: number,
    yearId: number,
  ): Promise<WorkloadTeacherResponse> => {
    const teacher = await repo.teacherName(teacherId);
    if (teacher === undefined) throw hiddenRecord();
    const rows = await repo.planRows(lng, teacherId, yearId);
    const [adjustments, lessons, slots] = await Promise.all([
      repo.adjustments(rows.map((row) => row.id)),
      repo.lessons(teacherId, yearId),
      repo.slots(teacherId, yearId),
    ]);
    return { teacherId, teacher, yearId, ...teacherPlan(rows, adjustments, lessons, slots) };
  };

  return {
    teacherView,

    /** A department's teachers with their totals (the first with teaching that year by default). */
    async departmentView(
      lng: Language,
      departmentId: number | undefined,
      yearId: number,
    ): Promise<WorkloadDepartmentResponse & { plans: WorkloadTeacherResponse[] }> {
      const departments = await repo.departments(lng);
      let chosen = departmentId ?? null;
      if (chosen !== null && !departments.some((d) => d.id === chosen)) throw hiddenRecord();
      if (chosen === null) {
        const teaching = await createAccessRepository(db).teachersOfYear(yearId);
        const withTeaching = new Set(await repo.departmentsOf(teaching));
        chosen = departments.find((d) => withTeaching.has(d.id))?.id ?? null;
      }
      const members = chosen === null ? [] : await repo.departmentTeachers(chosen);
      const plans: WorkloadTeacherResponse[] = [];
      for (const member of members) plans.push(await teacherView(lng, member.id, yearId));
      const teachers = plans.map((plan) => ({
        teacherId: plan.teacherId,
        teacher: plan.teacher,
        ...plan.totals,
      }));
      return {
        yearId,
        departmentId: chosen,
        departments: departments.map((d) => ({ id: d.id, name: d.name })),
        teachers,
        totals: totalsOf(teachers),
        plans,
      };
    },

    /**
     * The registrar sets a plan row's hours with a note: one transaction reads the row's hours
     * now (the latest adjustment, else the curriculum's) and writes the change after them.
     */
    async adjust(
      lng: Language,
      authorUid: number,
      body: WorkloadAdjustBody,
      now: number,
    ): Promise<WorkloadRow> {
      const note = normalizedNote(body.note);
      if (note === '') throw new ApiError(400, WORKLOAD_MESSAGES.blankNote);
      const assignment = await db.transaction().execute(async (trx) => {
        const inTransaction = createWorkloadRepository(trx);
        const found = await inTransaction.assignment(body.id);
        if (!found) throw hiddenRecord();
        const current = await inTransaction.plannedHours(found.id);
        if (current === body.hours) throw new ApiError(400, WORKLOAD_MESSAGES.sameHours);
        const adjustmentId = await inTransaction.insertAdjustment({
          assignment_id: found.id,
          hours: body.hours,
          previous_hours: current,
          note,
          author_uid: authorUid,
          created_at: now,
        });
        return { ...found, adjustmentId };
      });
      const view = await teacherView(lng, assignment.teacher_id, assignment.year_id);
      // The row that holds the adjustment: the assignment's own, or its lecture stream's.
      const row = view.rows.find((candidate) =>
        candidate.adjustments.some((adjustment) => adjustment.id === assignment.adjustmentId),
      );
      if (!row) throw hiddenRecord();
      return row;
    },
  };
}

export type WorkloadService = ReturnType<typeof createWorkloadService>;
