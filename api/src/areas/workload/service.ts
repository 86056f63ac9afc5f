import {
  ROLE,
  type Language,
  type SessionUser,
  type WorkloadAdjustBody,
  type WorkloadDepartmentResponse,
  type WorkloadRow,
  type WorkloadTeacherResponse,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import {
  createAccessRepository,
  hiddenRecord,
  isDepartmentHead,
  isRegistrar,
} from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { semesterOf } from '../schedule/index.js';
import { WORKLOAD_MESSAGES } from './messages.js';
import { answeredTotals, normalizedNote, teacherPlan, totalsOf, type PacedTotals } from './plan.js';
import { createWorkloadRepository, type WorkloadRepository } from './repository.js';
import { departmentAccess, pickerYears, type DepartmentAccess } from './rules.js';

/** One teacher's plan as the service reads it: totals with their pace terms (pace.ts). */
type TeacherPlanView = Omit<WorkloadTeacherResponse, 'years' | 'totals'> & { totals: PacedTotals };

/** The year and the university's date a view is read for. */
export interface ViewDate {
  yearId: number;
  today: string;
}

/**
 * Workload's reads and its one write (built by the area's index.ts). The plan is read fresh on
 * every call: the curriculum, the adjustments and the journal are the only state.
 */
export function createWorkloadService(db: Kysely<Database>, repo: WorkloadRepository) {
  const planOf = async (
    lng: Language,
    teacherId: number,
    { yearId, today }: ViewDate,
  ): Promise<TeacherPlanView> => {
    const teacher = await repo.teacherName(teacherId);
    if (teacher === undefined) throw hiddenRecord();
    const rows = await repo.planRows(lng, teacherId, yearId);
    const [adjustments, lessons, slots] = await Promise.all([
      repo.adjustments(rows.map((row) => row.id)),
      repo.lessons(teacherId, yearId),
      repo.slots(teacherId, yearId),
    ]);
    const plan = teacherPlan(rows, adjustments, lessons, slots, { yearId, today });
    return { teacherId, teacher, yearId, today, ...plan };
  };

  const yearsOf = async (teacherIds: number[], today: string) =>
    pickerYears(await repo.planYears(teacherIds), semesterOf(today).yearId);

  /** A teacher's plan as answered: with the years of the picker, the totals without their terms. */
  const teacherView = async (
    lng: Language,
    teacherId: number,
    date: ViewDate,
  ): Promise<WorkloadTeacherResponse> => {
    const { totals, ...plan } = await planOf(lng, teacherId, date);
    const years = await yearsOf([teacherId], date.today);
    return { ...plan, years, totals: answeredTotals(totals) };
  };

  return {
    teacherView,

    /** Who the caller is to the department views: the registrar, a head of one, or neither. */
    async accessOf(user: SessionUser): Promise<DepartmentAccess> {
      const head = isDepartmentHead(user) && user.role === ROLE.teacher;
      const ownDepartmentId = head ? ((await repo.departmentOf(user.id)) ?? null) : null;
      return departmentAccess({ registrar: isRegistrar(user), head, ownDepartmentId });
    },

    /** The department of a teacher, or undefined when there is no such teacher. */
    departmentOf: (teacherId: number) => repo.departmentOf(teacherId),

    /**
     * A department's teachers with their totals and pace. `departmentId` undefined: the first
     * department with teaching that year. `visible`: the departments the caller may pick (null:
     * every one).
     */
    async departmentView(
      lng: Language,
      departmentId: number | undefined,
      date: ViewDate,
      visible: number[] | null,
    ): Promise<WorkloadDepartmentResponse & { plans: WorkloadTeacherResponse[] }> {
      const all = await repo.departments(lng);
      const departments = all.filter((d) => visible === null || visible.includes(d.id));
      let chosen = departmentId ?? null;
      if (chosen !== null && !departments.some((d) => d.id === chosen)) throw hiddenRecord();
      if (chosen === null) {
        const teaching = await createAccessRepository(db).teachersOfYear(date.yearId);
        const withTeaching = new Set(await repo.departmentsOf(teaching));
        chosen = departments.find((d) => withTeaching.has(d.id))?.id ?? null;
      }
      const members = chosen === null ? [] : await repo.departmentTeachers(chosen);
      const paced: TeacherPlanView[] = [];
      for (const member of members) paced.push(await planOf(lng, member.id, date));
      const years = await yearsOf(
        members.map((member) => member.id),
        date.today,
      );
      const teachers = paced.map(({ teacherId, teacher, totals }) => ({
        teacherId,
        teacher,
        ...answeredTotals(totals),
      }));
      return {
        yearId: date.yearId,
        years,
        today: date.today,
        departmentId: chosen,
        departments: departments.map((d) => ({ id: d.id, name: d.name })),
        teachers,
        totals: answeredTotals(totalsOf(paced.map((plan) => plan.totals))),
        plans: paced.map(({ totals, ...plan }) => ({
          ...plan,
          years,
          totals: answeredTotals(totals),
        })),
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
      /** The university's date, for the row's pace. */
      today: string,
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
      const view = await planOf(lng, assignment.teacher_id, {
        yearId: assignment.year_id,
        today,
      });
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
