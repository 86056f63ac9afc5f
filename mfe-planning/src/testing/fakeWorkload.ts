import type { WorkloadDepartmentResponse, WorkloadRow, WorkloadTeacherResponse } from '@lms/shared';

const row = (over: Partial<WorkloadRow> & Pick<WorkloadRow, 'id'>): WorkloadRow => ({
  discipline: 'Базы данных',
  lessonType: 'Лекция',
  group: 'ПИ-1-24',
  subgroup: null,
  ws: 1,
  curriculumHours: 32,
  plannedHours: 32,
  taughtHours: 20,
  status: 'under',
  plannedToDate: 20,
  pace: 'onPace',
  adjustments: [],
  ...over,
});

/**
 * The demo teacher's plan on 12 October 2026: one row over and ahead, one on plan and on pace,
 * one under and behind (adjusted by the registrar).
 */
export const PLAN: WorkloadTeacherResponse = {
  teacherId: 7,
  teacher: 'Асанов Бакыт Маратович',
  yearId: 26,
  years: [26, 25],
  today: '2026-10-12',
  rows: [
    row({
      id: 1,
      plannedHours: 4,
      curriculumHours: 4,
      taughtHours: 6,
      status: 'over',
      plannedToDate: 1,
      pace: 'ahead',
    }),
    row({
      id: 2,
      lessonType: 'Практика',
      plannedHours: 2,
      curriculumHours: 2,
      taughtHours: 2,
      status: 'met',
      plannedToDate: 1,
      pace: 'onPace',
    }),
    row({
      id: 3,
      discipline: 'Алгоритмы',
      subgroup: '1',
      curriculumHours: 10,
      plannedHours: 14,
      taughtHours: 0,
      status: 'under',
      plannedToDate: 5,
      pace: 'behind',
      adjustments: [
        {
          id: 9,
          hours: 14,
          previousHours: 10,
          note: 'Консультации перед экзаменом',
          by: 'Исмаилова Жылдыз Кубанычбековна',
          at: Date.UTC(2026, 9, 5, 6, 0),
        },
      ],
    }),
  ],
  weeks: [
    { weekStart: '2026-10-05', taughtHours: 6, scheduledHours: 4, status: 'over' },
    { weekStart: '2026-10-12', taughtHours: 2, scheduledHours: 6, status: 'under' },
  ],
  totals: {
    plannedHours: 20,
    taughtHours: 8,
    status: 'under',
    plannedToDate: 7,
    pace: 'onPace',
    behindRows: 1,
  },
};

export const DEPARTMENT: WorkloadDepartmentResponse = {
  yearId: 26,
  years: [26, 25],
  today: '2026-10-12',
  departmentId: 3,
  departments: [
    { id: 2, name: 'Кафедра математики' },
    { id: 3, name: 'Кафедра информатики' },
  ],
  teachers: [
    {
      teacherId: 7,
      teacher: 'Асанов Бакыт Маратович',
      plannedHours: 20,
      taughtHours: 8,
      status: 'under',
      plannedToDate: 7,
      pace: 'onPace',
      behindRows: 1,
    },
    {
      teacherId: 8,
      teacher: 'Бекова Айгуль Сапаровна',
      plannedHours: 10,
      taughtHours: 12,
      status: 'over',
      plannedToDate: 3,
      pace: 'ahead',
      behindRows: 0,
    },
  ],
  totals: {
    plannedHours: 30,
    taughtHours: 20,
    status: 'under',
    plannedToDate: 10,
    pace: 'ahead',
    behindRows: 1,
  },
};
