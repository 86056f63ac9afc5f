// Moodle XML (docs.moodle.org/en/Moodle_XML_format) read into the bank's questions with a real
// XML parser: a pure function of the text, unit-tested in api/test/unit/testing-moodle.test.ts.
// A file with a DOCTYPE or entity declarations is refused before parsing (no entity expansion).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { GiftQuestion, GiftSkipped } from './gift.js';
import { textOfFormat } from './plain-text.js';

/** Why a Moodle XML file or one of its questions was not taken (texts in messages.ts). */
export type MoodleRefusal =
  | 'xmlNotXml'
  | 'xmlDoctype'
  | 'xmlNotQuiz'
  | 'xmlTooLarge'
  | 'xmlUnsupported'
  | 'xmlNoAnswers'
  | 'xmlDistractors';

/** What a question of the file refuses with (the file's own refusals are thrown). */
type QuestionRefusal = GiftSkipped['reason'] | MoodleRefusal;

export interface MoodleSkipped {
  name: string;
  reason: QuestionRefusal;
}

interface XmlText {
  text?: unknown;
  format?: string;
}
interface XmlAnswer extends XmlText {
  fraction?: string;
  feedback?: XmlText;
  tolerance?: unknown;
}
interface XmlQuestion {
  type?: string;
  name?: XmlText;
  questiontext?: XmlText;
  generalfeedback?: XmlText;
  defaultgrade?: unknown;
  single?: unknown;
  usecase?: unknown;
  answer?: XmlAnswer[];
  subquestion?: (XmlText & { answer?: XmlText[] })[];
  category?: XmlText;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['question', 'answer', 'subquestion'].includes(name),
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** Thrown for a file that is not a question bank at all (answered with a 400). */
export class MoodleFileError extends Error {
  constructor(readonly refusal: MoodleRefusal) {
    super(refusal);
  }
}

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const plain = (node: XmlText | undefined): string =>
  textOfFormat(str(node?.text), node?.format).trim().replace(/\s+/g, ' ');
const fractionOf = (answer: XmlAnswer): number => Number(answer.fraction ?? 0) || 0;
const feedbackOf = (node: XmlText | undefined) => {
  const text = plain(node);
  return text === '' ? {} : { feedback: text };
};
const truthy = (value: unknown) => ['true', '1'].includes(str(value).trim().toLowerCase());

/** The topic a category path names: its last part (Moodle writes `$course$/top/Topic`). */
export function categoryTopic(path: string): string | null {
  const parts = path
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('$'));
  const last = parts.pop();
  return last === undefined || (last === 'top' && parts.length === 0) ? null : last;
}

type Made = Omit<GiftQuestion, 'category'> | { refusal: QuestionRefusal };

function questionOf(q: XmlQuestion, type: string): Made {
  const text = plain(q.questiontext);
  if (text === '') return { refusal: 'giftNoText' };
  const grade = Math.round(Number(str(q.defaultgrade)) || 1);
  const base = {
    text,
    points: Math.min(100, Math.max(1, grade)),
    ...feedbackOf(q.generalfeedback),
  };
  const answers = q.answer ?? [];
  switch (type) {
    case 'multichoice': {
      if (answers.length === 0) return { refusal: 'xmlNoAnswers' };
      const single = q.single === undefined || truthy(q.single);
      const best = Math.max(...answers.map(fractionOf));
      const options = answers.map((answer) => ({
        text: plain(answer),
        correct: single ? fractionOf(answer) === best && best > 0 : fractionOf(answer) > 0,
        ...feedbackOf(answer.feedback),
      }));
      const right = options.filter((option) => option.correct).length;
      if (right === 0) return { refusal: 'giftNoCorrect' };
      return { ...base, kind: single && right === 1 ? 'single' : 'multiple', options };
    }
    case 'truefalse': {
      const right = answers.find((answer) => fractionOf(answer) >= 100);
      if (!right) return { refusal: 'giftNoCorrect' };
      return { ...base, kind: 'truefalse', truth: plain(right).toLowerCase() === 'true' };
    }
    case 'shortanswer': {
      const variants = answers.filter((a) => fractionOf(a) >= 100).map((a) => plain(a));
      if (variants.filter((v) => v !== '').length === 0) return { refusal: 'giftNoCorrect' };
      // Answers worth part of the grade keep their fraction as a percent.
      const partialVariants = answers
        .filter((a) => fractionOf(a) > 0 && fractionOf(a) < 100 && plain(a) !== '')
        .map((a) => ({
          text: plain(a),
          percent: Math.min(99, Math.max(1, Math.round(fractionOf(a)))),
        }));
      return {
        ...base,
        kind: 'short',
        variants,
        caseSensitive: truthy(q.usecase),
        ...(partialVariants.length > 0 && { partialVariants }),
      };
    }
    case 'numerical': {
      const right = answers.find((answer) => fractionOf(answer) >= 100);
      if (!right) return { refusal: 'giftNoCorrect' };
      const value = Number(plain(right));
      const tolerance = Math.abs(Number(str(right.tolerance) || 0));
      if (plain(right) === '' || !Number.isFinite(value) || !Number.isFinite(tolerance)) {
        return { refusal: 'giftBadNumber' };
      }
      return { ...base, kind: 'numeric', value, tolerance };
    }
    case 'matching': {
      const pairs = (q.subquestion ?? []).map((sub) => ({
        text: plain(sub),
        match: plain(sub.answer?.[0]),
      }));
      if (pairs.length === 0) return { refusal: 'xmlNoAnswers' };
      if (pairs.some((pair) => pair.text === '')) return { refusal: 'xmlDistractors' };
      return { ...base, kind: 'matching', options: pairs };
    }
    case 'ordering': {
      // The ordering plugin lists the items with their place as the fraction.
      if (answers.length === 0) return { refusal: 'xmlNoAnswers' };
      const sorted = answers
        .map((answer, i) => ({ answer, i }))
        .sort((a, b) => fractionOf(a.answer) - fractionOf(b.answer) || a.i - b.i);
      return {
        ...base,
        kind: 'ordering',
        options: sorted.map(({ answer }) => ({ text: plain(answer) })),
      };
    }
    case 'essay':
      return { ...base, kind: 'essay' };
    default:
      return { refusal: 'xmlUnsupported' };
  }
}

/**
 * The questions of a Moodle XML file, and those it could not take with the reason. Throws a
 * MoodleFileError for a file that is not a question bank (or declares a DOCTYPE / entities).
 */
export function parseMoodleXml(source: string): {
  questions: GiftQuestion[];
  skipped: MoodleSkipped[];
} {
  const text = source.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new MoodleFileError('xmlDoctype');
  if (XMLValidator.validate(text) !== true) throw new MoodleFileError('xmlNotXml');
  const root = parser.parse(text) as { quiz?: { question?: XmlQuestion[] } | string };
  if (root.quiz === undefined) throw new MoodleFileError('xmlNotQuiz');
  const list = typeof root.quiz === 'object' ? (root.quiz.question ?? []) : [];
  const questions: GiftQuestion[] = [];
  const skipped: MoodleSkipped[] = [];
  let category: string | null = null;
  let n = 0;
  for (const q of list) {
    const type = str(q.type);
    if (type === 'category') {
      category = categoryTopic(textOfFormat(str(q.category?.text), 'plain_text'));
      continue;
    }
    n++;
    const made = questionOf(q, type);
    if ('refusal' in made) {
      const name = plain(q.name) || plain(q.questiontext).slice(0, 60) || `#${n}`;
      skipped.push({
        name: made.refusal === 'xmlUnsupported' ? `${name} (${type})` : name,
        reason: made.refusal,
      });
    } else questions.push({ ...made, category });
  }
  return { questions, skipped };
}
