import type { GradeBand, Institution, TranscriptGroup } from '@lms/shared/contract';
import { qrPng, renderPdf, type Pdf } from '../pdf.js';

// The documents the portal issues, as universities issue them: A4, Russian with English (and
// the institution's Kyrgyz name), a verification QR that opens the portal's public page.

const MARGIN = 40;
const WS_NAMES: Record<number, { ru: string; en: string }> = {
  1: { ru: 'осенний', en: 'fall' },
  2: { ru: 'весенний', en: 'spring' },
  3: { ru: 'летний', en: 'summer' },
};

export function formatDay(instant: number | Date): string {
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** YYYY-MM-DD → DD.MM.YYYY (as printed); anything else as it is. */
export function printedDate(iso: string | null): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : (iso ?? '—');
}

export interface Verification {
  /** The document's number as printed (its id). */
  number: string;
  url: string;
  issuedAt: number;
}

function header(doc: Pdf, institution: Institution): void {
  const width = doc.page.width - MARGIN * 2;
  doc
    .font('bold')
    .fontSize(12)
    .text(institution.name_kg, MARGIN, MARGIN, { width, align: 'center' });
  doc.text(institution.name, { width, align: 'center' });
  doc.text(institution.name_en, { width, align: 'center' });
  doc
    .font('regular')
    .fontSize(8)
    .text(`${institution.address} · ${institution.phone} · ${institution.mail}`, {
      width,
      align: 'center',
    });
  const y = doc.y + 4;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.8)
    .stroke();
  doc.y = y + 10;
}

/** The QR and the words around it, at the bottom of the current page. */
async function verificationBlock(doc: Pdf, verification: Verification): Promise<void> {
  const size = 84;
  if (doc.y + size + 10 > doc.page.height - MARGIN) doc.addPage();
  const top = Math.max(doc.y + 10, doc.page.height - MARGIN - size);
  doc.image(await qrPng(verification.url), MARGIN, top, { width: size, height: size });
  const x = MARGIN + size + 12;
  const width = doc.page.width - MARGIN - x;
  doc
    .font('bold')
    .fontSize(9)
    .text(`Документ № ${verification.number} / Document No. ${verification.number}`, x, top + 6, {
      width,
    });
  doc
    .font('regular')
    .fontSize(8)
    .text(`Выдан / Issued: ${formatDay(verification.issuedAt)}`, { width })
    .text(
      'Подлинность документа проверяется по QR-коду / Scan the QR code to verify this document:',
      { width },
    )
    .text(verification.url, { width, link: verification.url, underline: true });
}

function labelled(doc: Pdf, rows: [string, string][]): void {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('regular').fontSize(9).text(label, MARGIN, y, { width: 170 });
    const labelBottom = doc.y;
    doc
      .font('bold')
      .fontSize(9)
      .text(value, MARGIN + 175, y, {
        width: doc.page.width - MARGIN * 2 - 175,
      });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  }
}

export interface TranscriptPdfData {
  institution: Institution;
  fio: string;
  birthDate: string | null;
  speciality: string;
  faculty: string;
  groups: TranscriptGroup[];
  kredits_sum: number;
  kredits_avg: number;
  scale: GradeBand[];
  verification: Verification;
}

const COLUMNS = [
  { title: 'Код\nCode', width: 62, align: 'left' },
  { title: 'Дисциплина\nDiscipline', width: 233, align: 'left' },
  { title: 'Кредиты\nCredits', width: 46, align: 'center' },
  { title: 'Балл\nScore', width: 40, align: 'center' },
  { title: 'Оценка\nGrade', width: 44, align: 'center' },
  { title: 'Букв.\nLetter', width: 40, align: 'center' },
  { title: 'Экв.\nPoints', width: 50, align: 'center' },
] as const;

function tableRow(doc: Pdf, cells: string[], bold = false): void {
  const y = doc.y;
  let x = MARGIN;
  let bottom = y;
  doc.font(bold ? 'bold' : 'regular').fontSize(8);
  COLUMNS.forEach((column, index) => {
    doc.text(cells[index] ?? '', x + 2, y + 2, { width: column.width - 4, align: column.align });
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

/** The transcript of records: every semester's disciplines with credits, score and grades. */
export function transcriptPdf(data: TranscriptPdfData): Promise<Buffer> {
  const options = {
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Транскрипт / Transcript — ${data.fio}`, Author: data.institution.name },
  };
  return renderPdf(options, async (doc) => {
    header(doc, data.institution);
    const width = doc.page.width - MARGIN * 2;
    doc
      .font('bold')
      .fontSize(14)
      .text('ТРАНСКРИПТ / TRANSCRIPT OF RECORDS', MARGIN, doc.y, { width, align: 'center' });
    doc.moveDown(0.6);
    labelled(doc, [
      ['ФИО / Full name', data.fio],
      ['Дата рождения / Date of birth', printedDate(data.birthDate)],
      ['Специальность / Speciality', data.speciality],
      ['Факультет / Faculty', data.faculty],
    ]);
    doc.moveDown(0.6);
    const bottomLimit = doc.page.height - MARGIN - 20;
    for (const group of data.groups) {
      for (const year of group.years) {
        for (const semester of year.semesters) {
          if (doc.y + 60 > bottomLimit) doc.addPage();
          const ws = WS_NAMES[semester.ws_sort] ?? { ru: '', en: '' };
          doc
            .font('bold')
            .fontSize(10)
            .text(
              `${year.year}, семестр ${semester.semester} (${ws.ru}) / semester ${semester.semester} (${ws.en}) — ${group.group}`,
              MARGIN,
              doc.y,
              { width },
            );
          doc.moveDown(0.2);
          tableRow(
            doc,
            COLUMNS.map((c) => c.title),
            true,
          );
          for (const row of semester.rows) {
            if (doc.y + 14 > bottomLimit) doc.addPage();
            tableRow(doc, [
              row.code_discipline,
              row.discipline,
              String(row.credits),
              String(row.score),
              String(row.grade),
              row.ekv_bukv,
              row.ekv_num.toFixed(2),
            ]);
          }
          doc
            .font('regular')
            .fontSize(8)
            .text(
              `Кредиты / Credits: ${semester.kredits_sum}    GPA: ${semester.kredits_avg.toFixed(2)}`,
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
        `Всего кредитов / Total credits: ${data.kredits_sum}    Средний балл (GPA) / Grade point average: ${data.kredits_avg.toFixed(2)}`,
        MARGIN,
        doc.y,
        { width },
      );
    doc.moveDown(0.4);
    doc
      .font('regular')
      .fontSize(7)
      .text(
        `Шкала оценок / Grading scale: ${data.scale
          .map((b) => `${b.min}–${b.max} = ${b.ekv_bukv} (${b.grade}; ${b.ekv_num.toFixed(2)})`)
          .join('; ')}`,
        { width },
      );
    doc.moveDown(0.4);
    await verificationBlock(doc, data.verification);
  });
}

/** What a certificate of study shows (also what its verification page may show). */
export interface CertificateSummary {
  fio: string;
  birthDate: string;
  course: string;
  group: string;
  speciality: string;
  faculty: string;
  purpose: string;
  purpose_en: string;
}

/** A certificate of study ("справка с места учёбы"), Russian with English below. */
export function certificatePdf(
  data: CertificateSummary & { institution: Institution; verification: Verification },
): Promise<Buffer> {
  const options = {
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Справка № ${data.verification.number}`, Author: data.institution.name },
  };
  return renderPdf(options, async (doc) => {
    header(doc, data.institution);
    const width = doc.page.width - MARGIN * 2;
    doc.moveDown(1);
    doc
      .font('bold')
      .fontSize(15)
      .text(`СПРАВКА № ${data.verification.number}`, MARGIN, doc.y, { width, align: 'center' });
    doc.fontSize(11).text('CERTIFICATE OF STUDY', { width, align: 'center' });
    doc.font('regular').fontSize(9).text(formatDay(data.verification.issuedAt), {
      width,
      align: 'right',
    });
    doc.moveDown(1);
    doc
      .fontSize(11)
      .text(
        `Дана ${data.fio}, ${printedDate(data.birthDate)} г. р., в том, что он(а) действительно ` +
          `является студентом(кой) ${data.course} курса группы ${data.group} специальности ` +
          `«${data.speciality}» (${data.faculty}) очной формы обучения ${data.institution.name}.`,
        { width, align: 'justify', lineGap: 3 },
      );
    doc.moveDown(0.6);
    doc.text(`Справка выдана для предъявления: ${data.purpose}.`, { width, lineGap: 3 });
    doc.moveDown(1.2);
    doc
      .fontSize(10)
      .text(
        `This is to certify that ${data.fio}, born ${printedDate(data.birthDate)}, is a full-time ` +
          `student of year ${data.course}, group ${data.group}, speciality "${data.speciality}" ` +
          `at ${data.institution.name_en}. Issued for: ${data.purpose_en}.`,
        { width, align: 'justify', lineGap: 2 },
      );
    doc.moveDown(2);
    doc.font('regular').fontSize(10).text('Офис регистратора / Registrar’s office', { width });
    doc.moveDown(1);
    await verificationBlock(doc, data.verification);
  });
}
