import { HOLDER_LABELS } from '../../lib/documents/document-messages.js';
import type { Messages, Template, Templates } from '../../lib/messages.js';

/** The words of the transcript of records (PDF). */
export const TRANSCRIPT_TEXTS = {
  title: { kg: 'ТРАНСКРИПТ', ru: 'ТРАНСКРИПТ', en: 'TRANSCRIPT OF RECORDS' },
  documentTitle: { kg: 'Транскрипт', ru: 'Транскрипт', en: 'Transcript' },
  ...HOLDER_LABELS,
  code: { kg: 'Код', ru: 'Код', en: 'Code' },
  discipline: { kg: 'Дисциплина', ru: 'Дисциплина', en: 'Discipline' },
  credits: { kg: 'Кредиттер', ru: 'Кредиты', en: 'Credits' },
  score: { kg: 'Балл', ru: 'Балл', en: 'Score' },
  grade: { kg: 'Баа', ru: 'Оценка', en: 'Grade' },
  letter: { kg: 'Тамга', ru: 'Букв.', en: 'Letter' },
  points: { kg: 'Экв.', ru: 'Экв.', en: 'Points' },
  totalCredits: { kg: 'Бардык кредиттер', ru: 'Всего кредитов', en: 'Total credits' },
  scale: { kg: 'Баалоо шкаласы', ru: 'Шкала оценок', en: 'Grading scale' },
} as const satisfies Messages<string>;

/** The semesters' names by their order in the year (1 fall, 2 spring, 3 summer). */
export const SEMESTER_NAMES = {
  1: { kg: 'күзгү', ru: 'осенний', en: 'fall' },
  2: { kg: 'жазгы', ru: 'весенний', en: 'spring' },
  3: { kg: 'жайкы', ru: 'летний', en: 'summer' },
} as const satisfies Messages<string>;

/** A semester's heading: its number and name. */
export const TRANSCRIPT_TEMPLATES = {
  semester: {
    kg: (p) => `${p.number}-семестр${p.name ? ` (${p.name})` : ''}`,
    ru: (p) => `семестр ${p.number}${p.name ? ` (${p.name})` : ''}`,
    en: (p) => `semester ${p.number}${p.name ? ` (${p.name})` : ''}`,
  },
} as const satisfies Templates<string, { number: number; name: string }>;

/** Under a retake's grade: the grade it replaced and when (the screen's note, as printed). */
export const REPLACED_TEMPLATE = {
  kg: (p) =>
    `${p.on} кайра тапшыруунун баасы; ${p.date} коюлган ${p.score} (${p.grade}, ${p.letter}) баасын алмаштырды.`,
  ru: (p) =>
    `Оценка пересдачи от ${p.on}; заменила ${p.score} (${p.grade}, ${p.letter}) от ${p.date}.`,
  en: (p) =>
    `Retake grade of ${p.on}; it replaced ${p.score} (${p.grade}, ${p.letter}) of ${p.date}.`,
} as const satisfies Template<{
  on: string;
  score: string;
  grade: number;
  letter: string;
  date: string;
}>;
