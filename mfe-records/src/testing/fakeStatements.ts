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
};

export const DETAIL: StatementDetail = {
  ...SUMMARY,
  digest: 'a'.repeat(64),
  signed_at: null,
  signature_valid: null,
  passkey: false,
  confirmed_at: null,
  lines: LINES,
};

export const MINE: StatementOwnLine[] = [
  {
    id: 5,
    discipline: 'Программирование',
    id_a_year: 26,
    ws: 1,
    control: 'exam',
    state: 'confirmed',
    line: LINES[0]!,
  },
];
