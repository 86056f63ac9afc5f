// A bank (its topics and their questions) written as Moodle GIFT or Moodle XML: pure functions,
// read back by gift.ts and moodle-xml.ts (the round trip is tested in api/test/unit).
import type { BankQuestion } from '@lms/shared/contract';
import { escapeHtml } from './plain-text.js';

export interface ExportTopic {
  title: string;
  questions: BankQuestion[];
}

/** GIFT's special characters escaped with a backslash. */
export const giftEscape = (text: string): string =>
  text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

const giftFeedback = (feedback: string | undefined) => (feedback ? `#${giftEscape(feedback)}` : '');
const percent = (n: number) => String(Math.round(n * 100000) / 100000);

/** A question's answers block in GIFT, or null for a kind GIFT cannot write (ordering). */
function giftAnswers(q: BankQuestion): string | null {
  const options = q.options ?? [];
  switch (q.kind) {
    case 'single':
      return options
        .map((o) => `${o.correct ? '=' : '~'}${giftEscape(o.text)}${giftFeedback(o.feedback)}`)
        .join(' ');
    case 'multiple': {
      const right = options.filter((o) => o.correct).length;
      const wrong = options.length - right;
      return options
        .map((o) => {
          const weight = o.correct ? 100 / right : -100 / Math.max(1, wrong);
          return `~%${percent(weight)}%${giftEscape(o.text)}${giftFeedback(o.feedback)}`;
        })
        .join(' ');
    }
    case 'truefalse':
      return q.truth ? 'TRUE' : 'FALSE';
    case 'short':
      return [
        ...(q.variants ?? []).map((v) => `=${giftEscape(v)}`),
        ...(q.partialVariants ?? []).map((v) => `=%${v.percent}%${giftEscape(v.text)}`),
      ].join(' ');
    case 'numeric':
      return `#${q.value ?? 0}:${q.tolerance ?? 0}`;
    case 'matching':
      return options.map((o) => `=${giftEscape(o.text)} -> ${giftEscape(o.match ?? '')}`).join(' ');
    case 'essay':
      return '';
    case 'ordering':
      return null;
  }
}

/** The bank as a GIFT file: a `$CATEGORY` per topic; ordering questions (no GIFT form) noted. */
export function toGift(topics: ExportTopic[]): string {
  const lines: string[] = ['// Moodle GIFT', ''];
  for (const topic of topics) {
    lines.push(`$CATEGORY: $course$/top/${topic.title}`, '');
    for (const q of topic.questions) {
      const answers = giftAnswers(q);
      if (answers === null) {
        lines.push(`// ${q.kind}: ${q.text.replace(/\s+/g, ' ')}`, '');
        continue;
      }
      const general = q.feedback ? ` ####${giftEscape(q.feedback)}` : '';
      lines.push(`${giftEscape(q.text)} {${answers}${general}}`, '');
    }
  }
  return lines.join('\n');
}

/** Text as XML character data: in CDATA, split where the text itself has `]]>`. */
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const htmlText = (text: string) => `<text>${cdata(`<p>${escapeHtml(text)}</p>`)}</text>`;
const feedbackXml = (tag: string, feedback: string | undefined) =>
  `<${tag} format="html">${feedback ? htmlText(feedback) : '<text></text>'}</${tag}>`;

const MOODLE_TYPE: Record<BankQuestion['kind'], string> = {
  single: 'multichoice',
  multiple: 'multichoice',
  truefalse: 'truefalse',
  short: 'shortanswer',
  numeric: 'numerical',
  matching: 'matching',
  ordering: 'ordering',
  essay: 'essay',
};

function xmlAnswers(q: BankQuestion): string[] {
  const options = q.options ?? [];
  const answer = (fraction: number, text: string, extra = '', format = 'html') =>
    `    <answer fraction="${percent(fraction)}" format="${format}">${
      format === 'html' ? htmlText(text) : `<text>${cdata(text)}</text>`
    }${extra}</answer>`;
  switch (q.kind) {
    case 'single':
    case 'multiple': {
      const right = options.filter((o) => o.correct).length;
      const wrong = options.length - right;
      return [
        `    <single>${q.kind === 'single' ? 'true' : 'false'}</single>`,
        '    <shuffleanswers>1</shuffleanswers>',
        ...options.map((o) =>
          answer(
            o.correct ? 100 / right : q.kind === 'multiple' ? -100 / Math.max(1, wrong) : 0,
            o.text,
            feedbackXml('feedback', o.feedback),
          ),
        ),
      ];
    }
    case 'truefalse':
      return [
        answer(q.truth ? 100 : 0, 'true', '', 'moodle_auto_format'),
        answer(q.truth ? 0 : 100, 'false', '', 'moodle_auto_format'),
      ];
    case 'short':
      return [
        `    <usecase>${q.caseSensitive ? 1 : 0}</usecase>`,
        ...(q.variants ?? []).map((v) => answer(100, v, '', 'moodle_auto_format')),
        ...(q.partialVariants ?? []).map((v) =>
          answer(v.percent, v.text, '', 'moodle_auto_format'),
        ),
      ];
    case 'numeric':
      return [
        answer(
          100,
          String(q.value ?? 0),
          `<tolerance>${q.tolerance ?? 0}</tolerance>`,
          'moodle_auto_format',
        ),
      ];
    case 'matching':
      return [
        '    <shuffleanswers>true</shuffleanswers>',
        ...options.map(
          (o) =>
            `    <subquestion format="html">${htmlText(o.text)}<answer><text>${cdata(o.match ?? '')}</text></answer></subquestion>`,
        ),
      ];
    case 'ordering':
      return [
        '    <layouttype>VERTICAL</layouttype>',
        '    <selecttype>ALL</selecttype>',
        '    <gradingtype>ABSOLUTE_POSITION</gradingtype>',
        ...options.map((o, i) => answer(i + 1, o.text)),
      ];
    case 'essay':
      return [
        '    <responseformat>editor</responseformat>',
        '    <responserequired>1</responserequired>',
      ];
  }
}

/** The bank as a Moodle XML file (UTF-8): a category question per topic, then its questions. */
export function toMoodleXml(topics: ExportTopic[]): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  for (const topic of topics) {
    out.push(
      '  <question type="category">',
      `    <category><text>${cdata(`$course$/top/${topic.title}`)}</text></category>`,
      '  </question>',
    );
    topic.questions.forEach((q, i) => {
      out.push(
        `  <question type="${MOODLE_TYPE[q.kind]}">`,
        `    <name><text>${cdata(`${topic.title} ${i + 1}`)}</text></name>`,
        `    <questiontext format="html">${htmlText(q.text)}</questiontext>`,
        `    ${feedbackXml('generalfeedback', q.feedback)}`,
        `    <defaultgrade>${q.points}</defaultgrade>`,
        ...xmlAnswers(q),
        '  </question>',
      );
    });
  }
  out.push('</quiz>', '');
  return out.join('\n');
}
