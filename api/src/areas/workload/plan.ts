import {
  WORKLOAD_HOURS_PER_LESSON,
  type WorkloadRow,
  type WorkloadStatus,
  type WorkloadTotals,
  type WorkloadWeek,
} from '@lms/shared/contract';
import { dayNumberOf, semesterOf, weekMatches } from '../schedule/index.js';
import { paceOf, rowPace, sumTerms, type PaceTerms } from './pace.js';
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
  // A stream's lecture is a slot per group at one pair: each pair of the week counts once.
  const pairs = new Set(
    slots
      .filter((slot) => slot.ws === ws && weekMatches(slot.weekKind, monday))
      .map((slot) => `${slot.day}:${slot.timeId}`),
  );
  return pairs.size * WORKLOAD_HOURS_PER_LESSON;
}

/** lesson_types.id of the lecture: a lecture may be given to several groups at once (a stream). */
export const LECTURE_TYPE_ID = 1;

/**
 * The plan's rows as the teacher gives them: a lecture of a discipline to several whole groups in
 * one semester is one stream (given once to all of them), so its assignments are one row; every
 * other assignment is a row of its own. Answers the rows with their assignments.
 */
export function streamRows(rows: PlanRowFacts[]): PlanRowFacts[][] {
  const streams = new Map<string, PlanRowFacts[]>();
  const result: PlanRowFacts[][] = [];
  for (const row of rows) {
    if (row.lessonTypeId !== LECTURE_TYPE_ID || row.subgroupId !== null) {
      result.push([row]);
      continue;
    }
    const key = `${row.disciplineId}:${row.ws}`;
    const stream = streams.get(key);
    if (stream) stream.push(row);
    else {
      const created = [row];
      streams.set(key, created);
      result.push(created);
    }
  }
  return result;
}

/** Totals with what their pace is measured on (pace.ts). */
export interface PacedTotals extends WorkloadTotals {
  /**
   * The sums of the rows' terms: the total is paced on its own expected to date, week and
   * tolerance, never by adding the rows' tolerances. Kept in the process, not answered.
   */
  terms: PaceTerms;
}

/** A teacher's plan: each row's planned and taught hours and pace, the weeks and the totals. */
export function teacherPlan(
  rows: PlanRowFacts[],
  adjustments: AdjustmentFacts[],
  lessons: LessonFacts[],
  slots: SlotFacts[],
  /** The plan's year, and the university's date the pace is measured on. */
  when: { yearId: number; today: string },
): { rows: WorkloadRow[]; weeks: WorkloadWeek[]; totals: PacedTotals } {
  const streams = streamRows(rows);
  /** Each assignment's key → the index of its row (a stream's assignments share one). */
  const rowOfKey = new Map<string, number>();
  streams.forEach((members, index) => {
    for (const row of members) {
      rowOfKey.set(lessonKey({ ...row, subgroupKey: row.subgroupId ?? 0 }), index);
    }
  });
  // A lesson counts once per row, date and pair: a stream's lecture is one journal lesson per
  // group, given once.
  const given = new Set<string>();
  const taughtByRow = new Map<number, number>();
  const taughtByWeek = new Map<string, number>();
  for (const lesson of lessons) {
    const index = rowOfKey.get(lessonKey(lesson));
    // A lesson counts only against an assignment of the plan (the journal keeps no other).
    if (index === undefined) continue;
    const once = `${index}:${lesson.date}:${lesson.timeId}`;
    if (given.has(once)) continue;
    given.add(once);
    taughtByRow.set(index, (taughtByRow.get(index) ?? 0) + WORKLOAD_HOURS_PER_LESSON);
    const week = weekStartOf(lesson.date);
    taughtByWeek.set(week, (taughtByWeek.get(week) ?? 0) + WORKLOAD_HOURS_PER_LESSON);
  }
  const terms: PaceTerms[] = [];
  const planRows: WorkloadRow[] = streams.map((members, index) => {
    const [row] = members as [PlanRowFacts, ...PlanRowFacts[]];
    const ids = new Set(members.map((member) => member.id));
    const history = adjustments.filter((adjustment) => ids.has(adjustment.assignmentId));
    const plannedHours = history[0]?.hours ?? row.curriculumHours;
    const taughtHours = taughtByRow.get(index) ?? 0;
    const paced = rowPace({ plannedHours, taughtHours, ws: row.ws }, when.yearId, when.today);
    terms.push(paced.terms);
    const { plannedToDate, pace } = paced;
    return {
      id: row.id,
      discipline: row.discipline,
      lessonType: row.lessonType,
      group: members.map((member) => member.group).join(', '),
      subgroup: row.subgroup,
      ws: row.ws,
      curriculumHours: row.curriculumHours,
      plannedHours,
      taughtHours,
      status: statusOf(plannedHours, taughtHours),
      plannedToDate,
      pace,
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
  const totals = totalsOf(
    planRows.map((planRow, index) => ({
      ...planRow,
      terms: terms[index] ?? { expected: 0, week: 0, underWay: 0 },
      behindRows: planRow.pace === 'behind' ? 1 : 0,
    })),
  );
  return { rows: planRows, weeks, totals };
}

/**
 * The sums of rows (or of teachers' totals), and the pace of the sums on their own terms. The due
 * shown is the sum of the parts' whole hours, as a reader adds up the column; the pace is measured
 * on the unrounded sums.
 */
export function totalsOf(
  parts: {
    plannedHours: number;
    taughtHours: number;
    plannedToDate: number;
    terms: PaceTerms;
    behindRows: number;
  }[],
): PacedTotals {
  const sum = (key: 'plannedHours' | 'taughtHours' | 'plannedToDate' | 'behindRows') =>
    parts.reduce((total, part) => total + part[key], 0);
  const [plannedHours, taughtHours] = [sum('plannedHours'), sum('taughtHours')];
  const terms = sumTerms(parts.map((part) => part.terms));
  return {
    plannedHours,
    taughtHours,
    status: statusOf(plannedHours, taughtHours),
    plannedToDate: sum('plannedToDate'),
    pace: paceOf(terms, taughtHours),
    behindRows: sum('behindRows'),
    terms,
  };
}

/** Totals as answered: without the terms the process keeps. */
export function answeredTotals({ terms: _terms, ...totals }: PacedTotals): WorkloadTotals {
  return totals;
}

/** The note as stored: trimmed, each run of white space one space. */
export function normalizedNote(note: string): string {
  return note.trim().replace(/\s+/g, ' ');
}
