import type {
  GradeBand,
  Institution,
  Language,
  ReplacedGrade,
  TranscriptGroup,
} from '@lms/shared/contract';
import {
  bilingual,
  header,
  institutionName,
  labelled,
  MARGIN,
  printedDate,
  verificationBlock,
  type Verification,
} from '../../lib/documents/pdfs.js';
import { renderPdf, wordsFittingSize, type Pdf } from '../../lib/pdf.js';
import {
  REPLACED_TEMPLATE,
  SEMESTER_NAMES,
  TRANSCRIPT_TEMPLATES,
  TRANSCRIPT_TEXTS as T,
} from './messages.js';
import { formatterFor } from '@lms/shared/format';

export interface TranscriptPdfData {
  /** The holder's language: the labels are in it (with English alongside). */
  lang: Language;
  institution: Institution;
  fio: string;
  birthDate: string | null;
  speciality: string;
  faculty: string;
  groups: TranscriptGroup[];
  kredits_sum: number;
  kredits_avg: number;
  scale: GradeBand[];
  /** The grades retakes replaced: noted under the row's discipline, as the screen does. */
  replaced: readonly ReplacedGrade[];
  verification: Verification;
}

const COLUMNS = [
  { title: T.code, width: 62, align: 'left' },
  { title: T.discipline, width: 233, align: 'left' },
  { title: T.credits, width: 46, align: 'center' },
  { title: T.score, width: 40, align: 'center' },
  { title: T.grade, width: 44, align: 'center' },
  { title: T.letter, width: 40, align: 'center' },
  { title: T.points, width: 50, align: 'center' },
] as const;

function tableRow(doc: Pdf, cells: string[], bold = false): void {
  const y = doc.y;
  let x = MARGIN;
  let bottom = y;
  doc.font(bold ? 'bold' : 'regular').fontSize(8);
  COLUMNS.forEach((column, index) => {
    const text = cells[index] ?? '';
    // A heading shrinks until each of its words fits; a row keeps the table's size.
    doc.fontSize(bold ? wordsFittingSize(doc, text, column.width - 4, 8) : 8);
    doc.text(text, x + 2, y + 2, { width: column.width - 4, align: column.align });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc
    .moveTo(MARGIN, bottom + 2)
    .lineTo(x, bottom + 2)
    .lineWidth(0.3)
    .strokeColor('#999999')
    .stroke()
    .strokeColor('#000000');
  doc.y = bottom + 3;
}

/** A semester's heading in a language ("2024-2025, semester 3 (fall)" in English). */
function semesterHeading(
  lang: Language,
  year: string,
  semester: { semester: number; ws_sort: number },
): string {
  const names = SEMESTER_NAMES[semester.ws_sort as keyof typeof SEMESTER_NAMES];
  const heading = (l: Language) =>
    TRANSCRIPT_TEMPLATES.semester[l]({ number: semester.semester, name: names?.[l] ?? '' });
  return lang === 'en'
    ? `${year}, ${heading('en')}`
    : `${year}, ${heading(lang)} / ${heading('en')}`;
}

/** The transcript of records: every semester's disciplines with credits, score and grades. */
export function transcriptPdf(data: TranscriptPdfData): Promise<Buffer> {
  const { lang } = data;
  const label = (text: { kg: string; ru: string; en: string }) => bilingual(text, lang);
  // Numbers as the document's language writes them: '2,55' (kg, ru), '2.55' (en).
  const format = formatterFor(lang);
  const points = (value: number) => format.number(value, 2);
  const options = {
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${label(T.documentTitle)} — ${data.fio}`,
      Author: institutionName(data.institution, lang),
    },
  };
  return renderPdf(options, async (doc) => {
    header(doc, data.institution, lang);
    const width = doc.page.width - MARGIN * 2;
    doc.font('bold').fontSize(14).text(label(T.title), MARGIN, doc.y, { width, align: 'center' });
    doc.moveDown(0.6);
    labelled(doc, [
      [label(T.fio), data.fio],
      [label(T.birthDate), printedDate(data.birthDate, lang)],
      [label(T.speciality), data.speciality],
      [label(T.faculty), data.faculty],
    ]);
    doc.moveDown(0.6);
    const bottomLimit = doc.page.height - MARGIN - 20;
    for (const group of data.groups) {
      for (const year of group.years) {
        for (const semester of year.semesters) {
          if (doc.y + 60 > bottomLimit) doc.addPage();
          doc
            .font('bold')
            .fontSize(10)
            .text(`${semesterHeading(lang, year.year, semester)} — ${group.group}`, MARGIN, doc.y, {
              width,
            });
          doc.moveDown(0.2);
          tableRow(
            doc,
            COLUMNS.map((c) => bilingual(c.title, lang, '\n')),
            true,
          );
          for (const row of semester.rows) {
            if (doc.y + 14 > bottomLimit) doc.addPage();
            const earlier = data.replaced.find(
              (r) =>
                r.id_group === group.id_group &&
                r.id_a_year === year.id_a_year &&
                r.ws_sort === semester.ws_sort &&
                r.code_discipline === row.code_discipline,
            );
            const note =
              earlier &&
              REPLACED_TEMPLATE[lang]({
                on: printedDate(earlier.replaced_on, lang),
                score: format.number(earlier.score),
                grade: earlier.grade,
                letter: earlier.ekv_bukv,
                date: printedDate(earlier.date, lang),
              });
            tableRow(doc, [
              row.code_discipline,
              note ? `${row.discipline}\n${note}` : row.discipline,
              format.number(row.credits),
              String(row.score),
              String(row.grade),
              row.ekv_bukv,
              points(row.ekv_num),
            ]);
          }
          doc
            .font('regular')
            .fontSize(8)
            .text(
              `${label(T.credits)}: ${format.number(semester.kredits_sum)}    GPA: ${points(semester.kredits_avg)}`,
              MARGIN,
              doc.y + 2,
              { width, align: 'right' },
            );
          doc.moveDown(0.6);
        }
      }
    }
    if (doc.y + 60 > bottomLimit) doc.addPage();
    doc
      .font('bold')
      .fontSize(10)
      .text(
        `${label(T.totalCredits)}: ${format.number(data.kredits_sum)}    ${label(T.gpa)}: ${points(data.kredits_avg)}`,
        MARGIN,
        doc.y,
        { width },
      );
    doc.moveDown(0.4);
    doc
      .font('regular')
      .fontSize(7)
      .text(
        `${label(T.scale)}: ${data.scale
          .map((b) => `${b.min}–${b.max} = ${b.ekv_bukv} (${b.grade}; ${points(b.ekv_num)})`)
          .join('; ')}`,
        { width },
      );
    doc.moveDown(0.4);
    await verificationBlock(doc, data.verification, lang);
  });
}
