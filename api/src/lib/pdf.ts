import { createRequire } from 'node:module';
import QRCode from 'qrcode';

// pdfkit's built-in fonts are WinANSI only: Cyrillic (and the Kyrgyz letters beyond Russian's)
// need an embedded TTF.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type Pdf = PDFKit.PDFDocument;

/**
 * The portal's documents (receipts, transcripts, certificates): one PDF with the fonts
 * 'regular' and 'bold' registered, drawn by `draw`, collected into a Buffer.
 */
export function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: Pdf) => void | Promise<void>,
): Promise<Buffer> {
  // Loaded with the first document: pdfkit is a large module that most processes never use.
  return import('pdfkit').then(
    ({ default: PDFDocument }) =>
      new Promise((resolve, reject) => {
        const doc = new PDFDocument(options);
        const chunks: Buffer[] = [];
        doc.on('data', (chunk: Buffer) => chunks.push(chunk));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        doc.on('error', reject);
        doc.registerFont('regular', FONT);
        doc.registerFont('bold', FONT_BOLD);
        doc.font('regular');
        Promise.resolve(draw(doc)).then(
          () => doc.end(),
          (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
        );
      }),
  );
}

/**
 * The font size, at most `size` and at least `smallest`, at which every word of `text` fits a
 * column `width` wide in the document's current font: a table's heading wraps between its words,
 * never inside one (a long Kyrgyz heading broke mid-word before this).
 */
export function wordsFittingSize(
  doc: Pdf,
  text: string,
  width: number,
  size: number,
  smallest = 5,
): number {
  const words = text.split(/\s+/).filter(Boolean);
  let fitting = size;
  while (
    fitting > smallest &&
    words.some((word) => doc.fontSize(fitting).widthOfString(word) > width)
  ) {
    fitting -= 0.25;
  }
  return fitting;
}

/** A QR code of `text` as a PNG, for `doc.image` (a verification link on a document). */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
}
