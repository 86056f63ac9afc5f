import { TYIYN_PER_SOM, type Language } from '@lms/shared/contract';
import { fill, type Text } from '../../lib/messages.js';
import { renderPdf } from '../../lib/pdf.js';
import { verificationBlock, type Verification } from '../../lib/documents/pdfs.js';
import { RECEIPT_LABELS, RECEIPT_TEMPLATES } from './messages.js';
import { formatterFor } from '@lms/shared/format';

export interface ReceiptData {
  /** The payer's language: the labels, the amount and the university's name are in it. */
  lang: Language;
  receiptNo: string;
  university: Text;
  paymentCode: string;
  service: string;
  year: string;
  student: string;
  group: string;
  /** Tyiyn. */
  amount: number;
  paidAt: Date;
  provider: string;
  providerRef: string;
  testMode: boolean;
  /** The receipt's record among the issued documents: its number and verification link. */
  verification?: Verification | null;
}

/** Tyiyn in the portal's money format of a language: '1 500,50' and the som's name (kg, ru), '1,500.50 som' (en). */
export function formatSom(tyiyn: number, lang: Language): string {
  return formatterFor(lang).money(tyiyn / TYIYN_PER_SOM);
}

/** The receipt of one paid payment as a one-page A5 PDF, in the payer's language. */
export function receiptPdf(data: ReceiptData): Promise<Buffer> {
  const { lang } = data;
  const label = (key: keyof typeof RECEIPT_LABELS) => RECEIPT_LABELS[key][lang];
  const title = fill(RECEIPT_TEMPLATES.title, { no: data.receiptNo })[lang];
  const university = data.university[lang];
  const options = { size: 'A5', margin: 40, info: { Title: title, Author: university } };
  return renderPdf(options, async (doc) => {
    doc.font('bold').fontSize(13).text(university, { align: 'center' });
    doc.moveDown(0.8);
    doc.fontSize(15).text(title, { align: 'center' });
    doc.font('regular').fontSize(9).text(label('subtitle'), { align: 'center' });
    if (data.testMode) {
      doc.moveDown(0.3).text(label('testMode'), { align: 'center' });
    }
    doc.moveDown(1.2);
    const rows: [string, string][] = [
      [label('payer'), data.student],
      [label('group'), data.group],
      [label('service'), data.service],
      [label('year'), data.year],
      [label('code'), data.paymentCode],
      [label('amount'), formatSom(data.amount, lang)],
      [label('paidAt'), formatterFor(lang).dateTime(data.paidAt)],
      [label('operation'), `${data.provider} ${data.providerRef}`],
    ];
    for (const [name, value] of rows) {
      const y = doc.y;
      doc.font('regular').fontSize(10).text(name, 40, y, { width: 110 });
      doc.font('bold').text(value, 155, y, { width: 225 });
      doc.moveDown(0.5);
    }
    doc.moveDown(1);
    doc.font('regular').fontSize(8).text(label('footer'), 40);
    if (data.verification) await verificationBlock(doc, data.verification, lang);
  });
}
