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
  adjustments: [],
  ...over,
});

/** The demo teacher's plan: one row over, one on plan, one under (adjusted by the registrar). */
export const PLAN: WorkloadTeacherResponse = {
  teacherId: 7,
  teacher: 'Асанов Бакыт Маратович',
  yearId: 26,
  rows: [
    row({ id: 1, plannedHours: 4, curriculumHours: 4, taughtHours: 6, status: 'over' }),
    row({
      id: 2,
      lessonType: 'Практика',
      plannedHours: 2,
      curriculumHours: 2,
      taughtHours: 2,
      status: 'met',
    }),
    row({
      id: 3,
      discipline: 'Алгоритмы',
      subgroup: '1',
      curriculumHours: 10,
      plannedHours: 14,
      taughtHours: 0,
      status: 'under',
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
  totals: { plannedHours: 20, taughtHours: 8, status: 'under' },
};

export const DEPARTMENT: WorkloadDepartmentResponse = {
  yearId: 26,
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
    },
    {
      teacherId: 8,
      teacher: 'Бекова Айгуль Сапаровна',
      plannedHours: 10,
      taughtHours: 12,
      status: 'over',
    },
  ],
  totals: { plannedHours: 30, taughtHours: 20, status: 'under' },
};
