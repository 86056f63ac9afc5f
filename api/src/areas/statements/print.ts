import type { Institution, Language, StatementDetail, StatementLine } from '@lms/shared/contract';
import { formatterFor } from '@lms/shared/format';
import {
  header,
  institutionName,
  labelled,
  MARGIN,
  verificationBlock,
  type Verification,
} from '../../lib/documents/pdfs.js';
import { renderPdf, wordsFittingSize, type Pdf } from '../../lib/pdf.js';
import type { PrintedFacts } from './print-repository.js';
import { PRINT_TEXTS, type PrintText } from './print-messages.js';

/** What the paper form prints: the statement's view, its names, and its signatures' instants. */
export interface PrintedStatement {
  lang: Language;
  institution: Institution;
  verification: Verification;
  statement: StatementDetail;
  facts: PrintedFacts;
  credits: number;
  /** The digest the teacher signed (the current one while a draft). */
  digest: string;
  lockedAt: number | null;
}

/** The table's columns: x offset from the margin and width, in points (A4 less margins: 515). */
const COLUMNS = [
  { key: 'n', x: 0, width: 20 },
  { key: 'student', x: 20, width: 160 },
  { key: 'current', x: 180, width: 52 },
  { key: 'exam', x: 232, width: 52 },
  { key: 'final', x: 284, width: 64 },
  { key: 'letter', x: 348, width: 40 },
  { key: 'grade', x: 388, width: 127 },
] as const;

type Column = (typeof COLUMNS)[number]['key'];

function row(doc: Pdf, cells: Record<Column, string>, bold = false): void {
  const top = doc.y;
  let bottom = top;
  doc.font(bold ? 'bold' : 'regular');
  for (const column of COLUMNS) {
    const text = cells[column.key];
    // A heading shrinks until each of its words fits its column; a row keeps the table's size.
    doc.fontSize(bold ? wordsFittingSize(doc, text, column.width - 4, 7) : 8);
    doc.text(text, MARGIN + column.x + 2, top, { width: column.width - 4 });
    bottom = Math.max(bottom, doc.y);
  }
  doc
    .moveTo(MARGIN, bottom + 2)
    .lineTo(doc.page.width - MARGIN, bottom + 2)
    .lineWidth(0.4)
    .stroke();
  doc.y = bottom + 5;
}

/** The national grade of a line as the form writes it: "4 (good)", or why there is none. */
function gradeCell(line: StatementLine, t: (key: PrintText) => string): string {
  if (!line.admitted) {
    const reason = line.reason ? `: ${t(line.reason)}` : '';
    return `${t('notAdmitted')}${reason}`;
  }
  if (line.grade === null) return t('notEntered');
  return `${line.grade} (${t(`grade${line.grade}` as PrintText)})`;
}

/** Each grade's count, then the not admitted and the not entered (the form's totals). */
function totals(lines: readonly StatementLine[], t: (key: PrintText) => string): string[] {
  const count = (keep: (l: StatementLine) => boolean) => lines.filter(keep).length;
  const out = [5, 4, 3, 2].map(
    (g) => `${g} (${t(`grade${g}` as PrintText)}): ${count((l) => l.admitted && l.grade === g)}`,
  );
  out.push(`${t('notAdmitted')}: ${count((l) => !l.admitted)}`);
  const missing = count((l) => l.admitted && l.grade === null);
  if (missing > 0) out.push(`${t('notEntered')}: ${missing}`);
  return out;
}

/**
 * The statement as the paper form a university files, in the reader's language: the university,
 * the statement's particulars, one row per student, the totals per grade, who signed and
 * confirmed it and when (the university's zone), its digest and its verification QR. A draft is
 * marked as one.
 */
export function statementPdf(data: PrintedStatement): Promise<Buffer> {
  const { lang, statement, facts } = data;
  const t = (key: PrintText) => PRINT_TEXTS[key][lang];
  const format = formatterFor(lang);
  const title = `${t(statement.control === 'exam' ? 'examTitle' : 'creditTitle')} ${t('number')} ${statement.id}`;
  const options = {
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: institutionName(data.institution, lang) },
  };
  return renderPdf(options, async (doc) => {
    header(doc, data.institution, lang);
    const width = doc.page.width - MARGIN * 2;
    doc.font('bold').fontSize(13).text(title, MARGIN, doc.y, { width, align: 'center' });
    if (statement.retake_of !== null) {
      doc.font('regular').fontSize(10);
      doc.text(`${t('retakeOf')} ${statement.retake_of}`, { width, align: 'center' });
    }
    if (statement.state === 'draft') {
      doc.fillColor('#b00020').fontSize(11).text(t('draft'), { width, align: 'center' });
      doc.fillColor('black');
    }
    doc.moveDown(0.6);
    labelled(doc, [
      [t('faculty'), facts.faculty],
      [t('speciality'), facts.speciality],
      [t('discipline'), statement.discipline],
      [t('group'), statement.group],
      [t('year'), facts.year],
      [t('semester'), facts.semester],
      [t('credits'), String(data.credits)],
      [t('control'), t(statement.control)],
      [t('teacher'), statement.teacher],
    ]);
    doc.moveDown(0.6);
    row(
      doc,
      {
        n: '№',
        student: t('student'),
        current: t('current'),
        exam: t(statement.control === 'exam' ? 'examPoints' : 'creditPoints'),
        final: t('final'),
        letter: t('letter'),
        grade: t('grade'),
      },
      true,
    );
    statement.lines.forEach((line, index) => {
      if (doc.y + 24 > doc.page.height - MARGIN) doc.addPage();
      row(doc, {
        n: String(index + 1),
        student: line.fio,
        current: String(line.current),
        exam: line.exam === null ? '—' : String(line.exam),
        final: line.final === null ? '—' : String(line.final),
        letter: line.letter ?? '—',
        grade:
          line.superseded_by === null
            ? gradeCell(line, t)
            : `${gradeCell(line, t)}; ${t('supersededBy')} ${line.superseded_by}`,
      });
    });
    doc.moveDown(0.4);
    doc
      .font('bold')
      .fontSize(9)
      .text(`${t('totals')} (${t('students')}: ${statement.lines.length})`, MARGIN, doc.y, {
        width,
      });
    doc.font('regular').fontSize(9).text(totals(statement.lines, t).join('; '), { width });
    doc.moveDown(0.8);
    const when = (instant: number | null) =>
      instant === null ? t('notYet') : format.dateTime(instant);
    const signature = (label: PrintText, name: string | null, instant: number | null) =>
      `${t(label)}: ______________ ${name ?? ''} ${when(instant)}`.replace(/\s+/g, ' ');
    doc.fontSize(9).text(signature('signedBy', facts.signer, statement.signed_at), { width });
    if (statement.passkey) doc.fontSize(8).text(t('passkeySigned'), { width }).fontSize(9);
    doc.moveDown(0.4);
    doc.text(signature('confirmedBy', facts.confirmer, statement.confirmed_at), { width });
    if (data.lockedAt !== null) doc.text(`${t('lockedAt')}: ${when(data.lockedAt)}`, { width });
    doc.moveDown(0.6);
    doc.fontSize(8).text(`${t('digest')}: ${data.digest}`, { width });
    await verificationBlock(doc, data.verification, lang);
  });
}
