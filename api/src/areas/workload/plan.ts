import {
  WORKLOAD_HOURS_PER_LESSON,
  type WorkloadRow,
  type WorkloadStatus,
  type WorkloadTotals,
  type WorkloadWeek,
} from '@lms/shared/contract';
import { dayNumberOf, semesterOf, weekMatches } from '../schedule/index.js';
import type { AdjustmentFacts, LessonFacts, PlanRowFacts, SlotFacts } from './repository.js';

// Workload's sums: pure functions of the rows read (no database), unit-tested in
// api/test/unit/workload-plan.test.ts.

const DAY_MS = 86_400_000;

/** How taught hours compare with planned ones. */
export function statusOf(planned: number, taught: number): WorkloadStatus {
  if (taught > planned) return 'over';
  return taught < planned ? 'under' : 'met';
}

/** The Monday of a 'YYYY-MM-DD'. */
export function weekStartOf(date: string): string {
  const day = Date.parse(`${date}T00:00:00Z`);
  return new Date(day - (dayNumberOf(date) - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** The key a journal lesson and an assignment share. */
const lessonKey = (parts: {
  disciplineId: number;
  groupId: number;
  subgroupKey: number;
  lessonTypeId: number;
  ws: number;
}) =>
  `${parts.disciplineId}:${parts.groupId}:${parts.subgroupKey}:${parts.lessonTypeId}:${parts.ws}`;

/** The hours of the timetable's slots that fall in the week starting on `monday`. */
function scheduledHours(slots: SlotFacts[], monday: string): number {
  const { ws } = semesterOf(monday);
  const count = slots.filter((slot) => slot.ws === ws && weekMatches(slot.weekKind, monday)).length;
  return count * WORKLOAD_HOURS_PER_LESSON;
}

/** A teacher's plan: each row's planned and taught hours, the weeks and the totals. */
export function teacherPlan(
  rows: PlanRowFacts[],
  adjustments: AdjustmentFacts[],
  lessons: LessonFacts[],
  slots: SlotFacts[],
): { rows: WorkloadRow[]; weeks: WorkloadWeek[]; totals: WorkloadTotals } {
  const rowKeys = new Set(
    rows.map((row) => lessonKey({ ...row, subgroupKey: row.subgroupId ?? 0 })),
  );
  const taughtByKey = new Map<string, number>();
  const taughtByWeek = new Map<string, number>();
  for (const lesson of lessons) {
    const key = lessonKey(lesson);
    // A lesson counts only against an assignment of the plan (the journal keeps no other).
    if (!rowKeys.has(key)) continue;
    taughtByKey.set(key, (taughtByKey.get(key) ?? 0) + WORKLOAD_HOURS_PER_LESSON);
    const week = weekStartOf(lesson.date);
    taughtByWeek.set(week, (taughtByWeek.get(week) ?? 0) + WORKLOAD_HOURS_PER_LESSON);
  }
  const planRows: WorkloadRow[] = rows.map((row) => {
    const history = adjustments.filter((adjustment) => adjustment.assignmentId === row.id);
    const plannedHours = history[0]?.hours ?? row.curriculumHours;
    const taughtHours =
      taughtByKey.get(lessonKey({ ...row, subgroupKey: row.subgroupId ?? 0 })) ?? 0;
    return {
      id: row.id,
      discipline: row.discipline,
      lessonType: row.lessonType,
      group: row.group,
      subgroup: row.subgroup,
      ws: row.ws,
      curriculumHours: row.curriculumHours,
      plannedHours,
      taughtHours,
      status: statusOf(plannedHours, taughtHours),
      adjustments: history.map(({ assignmentId: _row, ...adjustment }) => adjustment),
    };
  });
  const weeks: WorkloadWeek[] = [...taughtByWeek.keys()].sort().map((weekStart) => {
    const taught = taughtByWeek.get(weekStart) ?? 0;
    const scheduled = scheduledHours(slots, weekStart);
    return {
      weekStart,
      taughtHours: taught,
      scheduledHours: scheduled,
      status: statusOf(scheduled, taught),
    };
  });
  return { rows: planRows, weeks, totals: totalsOf(planRows) };
}

/** The sum of planned and taught hours of rows (or of teachers' totals). */
export function totalsOf(rows: { plannedHours: number; taughtHours: number }[]): WorkloadTotals {
  const plannedHours = rows.reduce((sum, row) => sum + row.plannedHours, 0);
  const taughtHours = rows.reduce((sum, row) => sum + row.taughtHours, 0);
  return { plannedHours, taughtHours, status: statusOf(plannedHours, taughtHours) };
}

/** The note as stored: trimmed, each run of white space one space. */
export function normalizedNote(note: string): string {
  return note.trim().replace(/\s+/g, ' ');
}
