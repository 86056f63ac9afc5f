import type { Institution, Language } from '@lms/shared/contract';
import { purposeIn, type CertificateSummary } from '../../lib/documents/issue.js';
import {
  formatDay,
  header,
  institutionName,
  MARGIN,
  printedDate,
  verificationBlock,
  type Verification,
} from '../../lib/documents/pdfs.js';
import { fill } from '../../lib/messages.js';
import { renderPdf } from '../../lib/pdf.js';
import { CERTIFICATE_TEMPLATES, CERTIFICATE_TEXTS } from './messages.js';

/**
 * A certificate of study: in the holder's language, then in English (English alone for an
 * English reader), the university named in each.
 */
export function certificatePdf(
  data: CertificateSummary & {
    lang: Language;
    institution: Institution;
    verification: Verification;
  },
): Promise<Buffer> {
  const { lang } = data;
  const title = (l: Language) =>
    l === 'en'
      ? CERTIFICATE_TEXTS.title.en
      : `${CERTIFICATE_TEXTS.title[l]} № ${data.verification.number}`;
  const options = {
    size: 'A4',
    margin: MARGIN,
    info: { Title: title(lang), Author: institutionName(data.institution, lang) },
  };
  const sentences = (l: Language) => {
    const params = {
      fio: data.fio,
      born: printedDate(data.birthDate, l),
      course: data.course,
      group: data.group,
      speciality: data.speciality,
      faculty: data.faculty,
      university: institutionName(data.institution, l),
      purpose: purposeIn(data, l),
    };
    return {
      body: fill(CERTIFICATE_TEMPLATES.body, params)[l],
      purpose: fill(CERTIFICATE_TEMPLATES.purpose, params)[l],
    };
  };
  return renderPdf(options, async (doc) => {
    header(doc, data.institution, lang);
    const width = doc.page.width - MARGIN * 2;
    doc.moveDown(1);
    doc
      .font('bold')
      .fontSize(15)
      .text(
        lang === 'en' ? `${title('en')} No. ${data.verification.number}` : title(lang),
        MARGIN,
        doc.y,
        { width, align: 'center' },
      );
    if (lang !== 'en') doc.fontSize(11).text(title('en'), { width, align: 'center' });
    doc.font('regular').fontSize(9).text(formatDay(data.verification.issuedAt, lang), {
      width,
      align: 'right',
    });
    doc.moveDown(1);
    const own = sentences(lang);
    doc.fontSize(11).text(own.body, { width, align: 'justify', lineGap: 3 });
    doc.moveDown(0.6);
    doc.text(own.purpose, { width, lineGap: 3 });
    if (lang !== 'en') {
      const english = sentences('en');
      doc.moveDown(1.2);
      doc
        .fontSize(10)
        .text(`${english.body} ${english.purpose}`, { width, align: 'justify', lineGap: 2 });
    }
    doc.moveDown(2);
    const office =
      lang === 'en'
        ? CERTIFICATE_TEXTS.registrar.en
        : `${CERTIFICATE_TEXTS.registrar[lang]} / ${CERTIFICATE_TEXTS.registrar.en}`;
    doc.font('regular').fontSize(10).text(office, { width });
    doc.moveDown(1);
    await verificationBlock(doc, data.verification, lang);
  });
}
