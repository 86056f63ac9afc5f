import { Type, type Static } from '@sinclair/typebox';
import { WORKLOAD_MAX_HOURS, WORKLOAD_NOTE_MAX_LENGTH } from './constants.js';
import { withSchemas } from './endpoint.js';
import { WORKLOAD_ADDRESSES } from './endpoints/workload.js';
import { Id } from './envelope.js';

// Individual workload (api/src/areas/workload): a teacher's planned hours for the academic year,
// one row per teaching assignment (discipline × lesson type × group or subgroup × semester), from
// the curriculum's hours unless the registrar adjusted the row; and the hours taught, counted
// from the journal's lessons. Routes under /lms/api/workload, signed in; students are refused.

/** Two-digit academic year id (26 → 2026-27). */
const YearId = Type.Integer({ minimum: 0, maximum: 99, examples: [26] });

/** How taught hours compare with planned (or a week's with the timetable's): under, met, over. */
export const WorkloadStatus = Type.Union([
  Type.Literal('under'),
  Type.Literal('met'),
  Type.Literal('over'),
]);
export type WorkloadStatus = Static<typeof WorkloadStatus>;

/**
 * Whether the hours taught keep pace with the hours planned up to today (the plan spread evenly
 * over the semester's teaching weeks): behind, on pace, or ahead, within a tolerance.
 */
export const WorkloadPace = Type.Union([
  Type.Literal('behind'),
  Type.Literal('onPace'),
  Type.Literal('ahead'),
]);
export type WorkloadPace = Static<typeof WorkloadPace>;

/** One change of a row's planned hours, newest first. `at`: epoch ms; `by`: who made it. */
export const WorkloadAdjustment = Type.Object({
  id: Id,
  hours: Type.Integer(),
  previousHours: Type.Integer(),
  note: Type.String(),
  by: Type.String(),
  at: Type.Integer(),
});
export type WorkloadAdjustment = Static<typeof WorkloadAdjustment>;

/** One plan row: a teaching assignment with its planned and taught hours. */
export const WorkloadRow = Type.Object({
  /** The teaching assignment's id (what an adjustment names). */
  id: Id,
  discipline: Type.String(),
  lessonType: Type.String(),
  group: Type.String(),
  subgroup: Type.Union([Type.String(), Type.Null()]),
  /** Semester kind: 1 fall, 2 spring, 3 summer. */
  ws: Type.Integer(),
  /** The curriculum's hours for the discipline's lesson type. */
  curriculumHours: Type.Integer(),
  /** The curriculum's hours, or the registrar's latest adjustment. */
  plannedHours: Type.Integer(),
  taughtHours: Type.Integer(),
  status: WorkloadStatus,
  /** The planned hours due by today (the university's date): 0 before the semester, all after. */
  plannedToDate: Type.Integer(),
  pace: WorkloadPace,
  adjustments: Type.Array(WorkloadAdjustment),
});
export type WorkloadRow = Static<typeof WorkloadRow>;

/** One week (Monday's date) of the year: hours taught against the timetable's hours that week. */
export const WorkloadWeek = Type.Object({
  weekStart: Type.String(),
  taughtHours: Type.Integer(),
  scheduledHours: Type.Integer(),
  status: WorkloadStatus,
});
export type WorkloadWeek = Static<typeof WorkloadWeek>;

export const WorkloadTotals = Type.Object({
  plannedHours: Type.Integer(),
  taughtHours: Type.Integer(),
  status: WorkloadStatus,
  /** The rows' planned hours due by today, and the pace of all of them together. */
  plannedToDate: Type.Integer(),
  pace: WorkloadPace,
  /** How many rows are behind. */
  behindRows: Type.Integer(),
});
export type WorkloadTotals = Static<typeof WorkloadTotals>;

/**
 * POST workload/teacher.json: one teacher's plan for a year. A teacher reads only their own
 * (teacherId omitted or their own); the registrar any teacher's. yearId omitted: the current
 * academic year (the university's date).
 */
export const WorkloadTeacherBody = Type.Object({
  teacherId: Type.Optional(Id),
  yearId: Type.Optional(YearId),
});
export type WorkloadTeacherBody = Static<typeof WorkloadTeacherBody>;

/** The academic years that have plans (newest first), with the current one always among them. */
const PlanYears = Type.Array(Type.Integer());

export const WorkloadTeacherResponse = Type.Object({
  teacherId: Id,
  teacher: Type.String(),
  yearId: Type.Integer(),
  /** The years of this teacher's plans, for the year picker. */
  years: PlanYears,
  /** The university's date the pace is measured on, 'YYYY-MM-DD'. */
  today: Type.String(),
  rows: Type.Array(WorkloadRow),
  weeks: Type.Array(WorkloadWeek),
  totals: WorkloadTotals,
});
export type WorkloadTeacherResponse = Static<typeof WorkloadTeacherResponse>;

/**
 * POST workload/department.json: a department's teachers side by side with their totals for a
 * year. The registrar reads any department (departmentId omitted: the first with teaching that
 * year); a department head (the granted right) only their own (omitted: their own); anyone else
 * is refused.
 */
export const WorkloadDepartmentBody = Type.Object({
  departmentId: Type.Optional(Id),
  yearId: Type.Optional(YearId),
});
export type WorkloadDepartmentBody = Static<typeof WorkloadDepartmentBody>;

export const WorkloadTeacherTotals = Type.Object({
  teacherId: Id,
  teacher: Type.String(),
  plannedHours: Type.Integer(),
  taughtHours: Type.Integer(),
  status: WorkloadStatus,
  plannedToDate: Type.Integer(),
  pace: WorkloadPace,
  behindRows: Type.Integer(),
});
export type WorkloadTeacherTotals = Static<typeof WorkloadTeacherTotals>;

export const WorkloadDepartmentResponse = Type.Object({
  yearId: Type.Integer(),
  /** The years of the department's plans (the registrar: of any plans), for the year picker. */
  years: PlanYears,
  today: Type.String(),
  departmentId: Type.Union([Id, Type.Null()]),
  /** The departments the caller may pick: every one for the registrar, a head's own. */
  departments: Type.Array(Type.Object({ id: Id, name: Type.String() })),
  teachers: Type.Array(WorkloadTeacherTotals),
  totals: WorkloadTotals,
});
export type WorkloadDepartmentResponse = Static<typeof WorkloadDepartmentResponse>;

/** POST workload/adjust.json (the registrar): a row's new planned hours, with a note why. */
export const WorkloadAdjustBody = Type.Object({
  id: Id,
  hours: Type.Integer({ minimum: 0, maximum: WORKLOAD_MAX_HOURS, examples: [40] }),
  note: Type.String({
    minLength: 1,
    maxLength: WORKLOAD_NOTE_MAX_LENGTH,
    examples: ['Two extra consultations before the exam'],
  }),
});
export type WorkloadAdjustBody = Static<typeof WorkloadAdjustBody>;

/**
 * GET workload/export.xlsx: the registrar's export of a department (its teachers' totals and
 * every row), a department head's of their own department, a teacher's of their own plan; in the
 * reader's language.
 */
export const WorkloadExportQuery = Type.Object({
  departmentId: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })),
  yearId: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$' })),
});
export type WorkloadExportQuery = Static<typeof WorkloadExportQuery>;

/** The workload endpoints for the API: each address with the schemas it validates. */
export const WORKLOAD_ENDPOINTS = withSchemas(WORKLOAD_ADDRESSES, {
  teacher: { body: WorkloadTeacherBody, response: WorkloadTeacherResponse },
  department: { body: WorkloadDepartmentBody, response: WorkloadDepartmentResponse },
  adjust: { body: WorkloadAdjustBody, response: WorkloadRow },
  exportXlsx: { querystring: WorkloadExportQuery },
});
