import { renderPdf } from '../../lib/pdf.js';

export interface ReceiptData {
  receiptNo: string;
  university: string;
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
}

/** 150050 → '1 500,50 сом' (the receipt is in Russian, like the portal's documents). */
export function formatSom(tyiyn: number): string {
  const som = Math.floor(tyiyn / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${som},${String(tyiyn % 100).padStart(2, '0')} сом`;
}

function formatDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The receipt of one paid payment as a one-page A5 PDF. */
export function receiptPdf(data: ReceiptData): Promise<Buffer> {
  const options = {
    size: 'A5',
    margin: 40,
    info: { Title: `Квитанция № ${data.receiptNo}`, Author: data.university },
  };
  return renderPdf(options, (doc) => {
    doc.font('bold').fontSize(13).text(data.university, { align: 'center' });
    doc.moveDown(0.8);
    doc.fontSize(15).text(`Квитанция № ${data.receiptNo}`, { align: 'center' });
    doc.font('regular').fontSize(9).text('об оплате банковской картой', { align: 'center' });
    if (data.testMode) {
      doc.moveDown(0.3).text('ТЕСТОВЫЙ РЕЖИМ: деньги не списывались', { align: 'center' });
    }
    doc.moveDown(1.2);
    const rows: [string, string][] = [
      ['Плательщик', data.student],
      ['Группа', data.group],
      ['Услуга', data.service],
      ['Учебный год', data.year],
      ['Код оплаты', data.paymentCode],
      ['Сумма', formatSom(data.amount)],
      ['Дата оплаты', formatDateTime(data.paidAt)],
      ['Операция', `${data.provider} ${data.providerRef}`],
    ];
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font('regular').fontSize(10).text(label, 40, y, { width: 110 });
      doc.font('bold').text(value, 155, y, { width: 225 });
      doc.moveDown(0.5);
    }
    doc.moveDown(1);
    doc
      .font('regular')
      .fontSize(8)
      .text('Оплачено. Квитанция сформирована порталом университета.', 40);
  });
}
