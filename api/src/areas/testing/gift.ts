// Moodle's GIFT format (docs.moodle.org/en/GIFT_format) read into the bank's questions: a pure
// function of the text, unit-tested in api/test/unit/testing-gift.test.ts. Questions it cannot
// take are named with the reason; feedback (an answer's `#…`, the question's `####…`) is kept.
import type { QuestionSaveBody } from '@lms/shared/contract';

export type GiftQuestion = Omit<QuestionSaveBody, 'topicId'> & { category: string | null };

/** Why a question of the file was not imported (texts in messages.ts). */
export type GiftRefusal =
  'giftNoAnswers' | 'giftUnclosed' | 'giftNoCorrect' | 'giftBadNumber' | 'giftMixed' | 'giftNoText';

export interface GiftSkipped {
  /** The question's title, else the start of its text, else its place in the file. */
  name: string;
  reason: GiftRefusal;
}

const ESCAPED = /\\([~=#{}:\\n])/g;
const unescape = (text: string) =>
  text.replace(ESCAPED, (_, c: string) => (c === 'n' ? '\n' : c)).trim();

/** Splits at `separators` not escaped by a backslash, keeping each separator with its part. */
function splitUnescaped(text: string, separators: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length) {
      current += c + (text[i + 1] as string);
      i++;
    } else if (separators.includes(c)) {
      parts.push(current);
      current = c;
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
}

/** Index of the first `char` not escaped, from `from`, or -1. */
function indexUnescaped(text: string, char: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === char) return i;
  }
  return -1;
}

/** Index of the first `####` not escaped, or -1. */
function generalFeedbackAt(text: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith('####', i)) return i;
  }
  return -1;
}

/** An answer's text, its weight (`%50%`) and its feedback (`#…`). */
function answerOf(raw: string): { text: string; weight: number | null; feedback?: string } {
  const hash = indexUnescaped(raw, '#');
  let text = hash < 0 ? raw : raw.slice(0, hash);
  const feedback = hash < 0 ? '' : unescape(raw.slice(hash + 1));
  let weight: number | null = null;
  const weighted = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(text);
  if (weighted) {
    weight = Number(weighted[1]);
    text = text.slice(weighted[0].length);
  }
  return { text: unescape(text), weight, ...(feedback === '' ? {} : { feedback }) };
}

const TITLE = /^::((?:[^:\\]|\\.|:(?!:))*)::/s;
const FORMAT = /^\s*\[(html|moodle|plain|markdown)\]/i;

/** One question's block (comments already out), or a refusal. */
function questionOf(
  block: string,
  category: string | null,
): GiftQuestion | { refusal: GiftRefusal } {
  let rest = block.trim();
  const title = TITLE.exec(rest);
  if (title) rest = rest.slice(title[0].length);
  rest = rest.replace(FORMAT, '');
  const open = indexUnescaped(rest, '{');
  if (open < 0) return { refusal: 'giftNoAnswers' };
  const close = indexUnescaped(rest, '}', open);
  if (close < 0) return { refusal: 'giftUnclosed' };
  const before = rest.slice(0, open);
  const after = rest.slice(close + 1);
  // A missing word in the middle of the sentence becomes a blank.
  const text = unescape(after.trim() === '' ? before : `${before}_____${after}`);
  if (text === '') return { refusal: 'giftNoText' };
  let body = rest.slice(open + 1, close).trim();
  const general = generalFeedbackAt(body);
  const feedback = general < 0 ? '' : unescape(body.slice(general + 4));
  if (general >= 0) body = body.slice(0, general).trim();
  const base = { category, text, points: 1, ...(feedback === '' ? {} : { feedback }) };
  // Essay: empty braces (feedback only is still an essay).
  if (body === '') return { ...base, kind: 'essay' };
  const truth = /^(T|TRUE|F|FALSE)\s*(#.*)?$/is.exec(body);
  if (truth) {
    return {
      ...base,
      kind: 'truefalse',
      truth: (truth[1] as string).toUpperCase().startsWith('T'),
    };
  }
  if (body.startsWith('#')) {
    const first = splitUnescaped(body.slice(1), '=').find((p) => p.trim() !== '') ?? '';
    const { text: spec, weight } = answerOf(first.replace(/^=/, ''));
    if (weight !== null && weight < 100) return { refusal: 'giftMixed' };
    const range = /^(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)$/.exec(spec);
    const tolerance = /^(-?[\d.]+)(?:\s*:\s*([\d.]+))?$/.exec(spec);
    if (range) {
      const low = Number(range[1]);
      const high = Number(range[2]);
      if (!Number.isFinite(low) || !Number.isFinite(high)) return { refusal: 'giftBadNumber' };
      return {
        ...base,
        kind: 'numeric',
        value: (low + high) / 2,
        tolerance: Math.abs(high - low) / 2,
      };
    }
    if (!tolerance) return { refusal: 'giftBadNumber' };
    const value = Number(tolerance[1]);
    const margin = Number(tolerance[2] ?? 0);
    if (!Number.isFinite(value) || !Number.isFinite(margin)) return { refusal: 'giftBadNumber' };
    return { ...base, kind: 'numeric', value, tolerance: margin };
  }
  const parts = splitUnescaped(body, '=~')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const marks = parts.map((part) => part[0]);
  if (parts.some((part) => part[0] !== '=' && part[0] !== '~')) return { refusal: 'giftNoCorrect' };
  const answers = parts.map((part) => ({ mark: part[0], ...answerOf(part.slice(1)) }));
  // Matching: every answer is '=left -> right'.
  if (answers.every((a) => a.mark === '=' && a.text.includes('->'))) {
    const options = answers.map((a) => {
      const [left = '', right = ''] = a.text.split('->');
      return { text: left.trim(), match: right.trim() };
    });
    if (options.some((o) => o.match === '') || options.length < 2) return { refusal: 'giftMixed' };
    return { ...base, kind: 'matching', options };
  }
  if (answers.some((a) => a.text.includes('->'))) return { refusal: 'giftMixed' };
  // Short answer: '=' only.
  if (!marks.includes('~')) {
    const variants = answers.filter((a) => a.weight === null || a.weight >= 100).map((a) => a.text);
    if (variants.length === 0) return { refusal: 'giftNoCorrect' };
    const partialVariants = answers.flatMap((a) =>
      a.weight !== null && a.weight > 0 && a.weight < 100
        ? [{ text: a.text, percent: Math.min(99, Math.max(1, Math.round(a.weight))) }]
        : [],
    );
    return {
      ...base,
      kind: 'short',
      variants,
      ...(partialVariants.length > 0 && { partialVariants }),
    };
  }
  // Choices: '=' is the one right answer; weights make several right (multiple choice).
  const weighted = answers.some((a) => a.weight !== null);
  const options = answers.map((a) => ({
    text: a.text,
    ...(a.feedback === undefined ? {} : { feedback: a.feedback }),
    correct: weighted ? (a.weight ?? (a.mark === '=' ? 100 : 0)) > 0 : a.mark === '=',
  }));
  const right = options.filter((o) => o.correct).length;
  if (right === 0) return { refusal: 'giftNoCorrect' };
  return { ...base, kind: right > 1 ? 'multiple' : 'single', options };
}

/** The questions of a GIFT file, and those it could not take with the reason. */
export function parseGift(source: string): { questions: GiftQuestion[]; skipped: GiftSkipped[] } {
  const questions: GiftQuestion[] = [];
  const skipped: GiftSkipped[] = [];
  let category: string | null = null;
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (/^\s*\/\//.test(line)) continue;
    const categoryLine = /^\s*\$CATEGORY:\s*(.*)$/.exec(line);
    if (categoryLine) {
      if (current.length > 0) blocks.push(current.join('\n'));
      current = [];
      blocks.push(`$CATEGORY:${categoryLine[1] ?? ''}`);
      continue;
    }
    if (line.trim() === '') {
      if (current.length > 0) blocks.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  let n = 0;
  for (const block of blocks) {
    if (block.startsWith('$CATEGORY:')) {
      const path = block.slice('$CATEGORY:'.length).trim();
      // Moodle writes '$course$/top/Topic': the last part names the topic.
      category =
        path
          .split('/')
          .filter((p) => p !== '' && !p.startsWith('$'))
          .pop() ?? null;
      continue;
    }
    n++;
    const made = questionOf(block, category);
    if ('refusal' in made) {
      const title = TITLE.exec(block.trim());
      const name = title ? unescape(title[1] ?? '') : block.trim().slice(0, 60) || `#${n}`;
      skipped.push({ name, reason: made.refusal });
    } else questions.push(made);
  }
  return { questions, skipped };
}
