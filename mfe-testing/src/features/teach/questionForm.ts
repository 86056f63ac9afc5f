import { toDate, type QuestionKind, type QuestionSaveBody } from '@lms/shared';

/** What the teacher typed in the new-question form. */
export interface QuestionForm {
  topicId: number;
  kind: QuestionKind;
  text: string;
  points: number;
  /** One line per option / pair / item / accepted answer. */
  lines: string;
  caseSensitive: boolean;
  value: string;
  tolerance: string;
  truth: boolean;
  /** The question's feedback a student reads in their review (when the test shows it). */
  feedback?: string;
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const numberOf = (text: string): number | undefined => {
  const number = Number(text.replace(',', '.').trim());
  return text.trim() === '' || !Number.isFinite(number) ? undefined : number;
};

/**
 * The form as the API's body: choices marked correct with a leading '*', matching as
 * 'item = match', ordering in the right order, short answers one per line. The server checks
 * what is missing and says so in the teacher's language.
 */
export function questionBody(form: QuestionForm): QuestionSaveBody {
  const feedback = form.feedback?.trim() ?? '';
  const base = {
    topicId: form.topicId,
    kind: form.kind,
    text: form.text,
    points: form.points,
    ...(feedback !== '' && { feedback }),
  };
  const lines = linesOf(form.lines);
  switch (form.kind) {
    case 'single':
    case 'multiple':
      return {
        ...base,
        options: lines.map((line) =>
          line.startsWith('*')
            ? { text: line.slice(1).trim(), correct: true }
            : { text: line, correct: false },
        ),
      };
    case 'matching':
      return {
        ...base,
        options: lines.map((line) => {
          const [text = '', ...rest] = line.split('=');
          return { text: text.trim(), match: rest.join('=').trim() };
        }),
      };
    case 'ordering':
      return { ...base, options: lines.map((text) => ({ text })) };
    case 'short':
      return { ...base, variants: lines, caseSensitive: form.caseSensitive };
    case 'numeric': {
      const value = numberOf(form.value);
      const tolerance = numberOf(form.tolerance);
      return {
        ...base,
        ...(value !== undefined && { value }),
        ...(tolerance !== undefined && { tolerance: Math.abs(tolerance) }),
      };
    }
    case 'truefalse':
      return { ...base, truth: form.truth };
    case 'essay':
      return base;
  }
}

/**
 * A date and time typed in a datetime-local field, as epoch ms (null when incomplete). The field
 * names no zone: it is the university's wall clock, wherever the teacher's device is.
 */
export function instantOf(local: string): number | null {
  return toDate(local)?.getTime() ?? null;
}

/** The kinds the form offers, in the order the menu lists them. */
export const KINDS: readonly QuestionKind[] = [
  'single',
  'multiple',
  'truefalse',
  'short',
  'numeric',
  'matching',
  'ordering',
  'essay',
];
