import type {
  StatementDetail,
  StatementLine,
  StatementOwnLine,
  StatementSummary,
} from '@lms/shared';

/** Answers of the statement API as the server gives them. */
export const LINES: StatementLine[] = [
  {
    id_student: 12,
    fio: 'Асанова Айгерим Бакытовна',
    current: 48,
    attendance: 92.9,
    exam: 30,
    admitted: true,
    reason: null,
    final: 78,
    letter: 'C',
    grade: 4,
    superseded_by: null,
  },
  {
    id_student: 13,
    fio: 'Бекова Жамила Уметовна',
    current: 31,
    attendance: 50,
    exam: null,
    admitted: false,
    reason: 'absences',
    final: 31,
    letter: 'FX',
    grade: 2,
    superseded_by: null,
  },
];

export const SUMMARY: StatementSummary = {
  id: 5,
  discipline: 'Программирование',
  group: 'ПИ-1-25',
  teacher: 'Асанов Бакыт Маратович',
  id_a_year: 26,
  ws: 1,
  control: 'exam',
  state: 'draft',
  deadline: Date.UTC(2027, 0, 20),
  overdue: false,
  students: 2,
  retake_of: null,
};

export const DETAIL: StatementDetail = {
  ...SUMMARY,
  digest: 'a'.repeat(64),
  signed_at: null,
  signature_valid: null,
  passkey: false,
  confirmed_at: null,
  lines: LINES,
  history: [],
};

export const MINE: StatementOwnLine[] = [
  {
    id: 5,
    discipline: 'Программирование',
    id_a_year: 26,
    ws: 1,
    control: 'exam',
    state: 'confirmed',
    retake_of: null,
    line: LINES[0]!,
  },
];

/** A confirmed original whose first line a confirmed retake sheet (No. 9) superseded. */
export const SUPERSEDED: StatementDetail = {
  ...DETAIL,
  state: 'confirmed',
  signature_valid: true,
  signed_at: Date.UTC(2027, 0, 10),
  confirmed_at: Date.UTC(2027, 0, 12),
  lines: [{ ...LINES[0]!, superseded_by: 9 }, LINES[1]!],
  history: [
    {
      id: 5,
      id_student: 12,
      fio: LINES[0]!.fio,
      retake: false,
      state: 'confirmed',
      final: 78,
      letter: 'C',
      grade: 4,
      confirmed_at: Date.UTC(2027, 0, 12),
      superseded_by: 9,
    },
    {
      id: 9,
      id_student: 12,
      fio: LINES[0]!.fio,
      retake: true,
      state: 'confirmed',
      final: 88,
      letter: 'B',
      grade: 5,
      confirmed_at: Date.UTC(2027, 1, 2),
      superseded_by: null,
    },
  ],
};

/** The retake sheet No. 9 as just opened: a draft for one student. */
export const RETAKE: StatementDetail = {
  ...DETAIL,
  id: 9,
  retake_of: 5,
  students: 1,
  lines: [{ ...LINES[0]!, exam: null, final: null, letter: null, grade: null }],
  history: [],
};
