import type { Institution, Language } from '@lms/shared/contract';
import { INSTITUTION, type Text } from '../messages.js';
import { qrPng, type Pdf } from '../pdf.js';
import { DOCUMENT_TEXTS } from './document-messages.js';
import { formatterFor } from '@lms/shared/format';

// The layout the portal's documents share, as universities issue them: A4, in the holder's
// language with English alongside (English alone for an English reader), the university named in
// every language with the holder's first, a verification QR that opens the portal's public page.

export const MARGIN = 40;

/** A day in the document's language, as the portal writes it ('24.11.2026', '24 Nov 2026'). */
export function formatDay(instant: number | Date, lang: Language): string {
  return formatterFor(lang).date(instant);
}

/** YYYY-MM-DD as printed in the document's language; anything else as it is, none as '—'. */
export function printedDate(iso: string | null, lang: Language): string {
  const printed = iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatterFor(lang).date(iso) : '';
  return printed || (iso ?? '—');
}

export interface Verification {
  /** The document's number as printed (its id). */
  number: string;
  url: string;
  issuedAt: number;
}

/** A label in the holder's language with the English one after it (the Russian word, " / ", "Year of study"). */
export function bilingual(text: Text, lang: Language, separator = ' / '): string {
  return lang === 'en' || text[lang] === text.en ? text.en : `${text[lang]}${separator}${text.en}`;
}

/** The university's name in a language. */
export function institutionName(institution: Institution, lang: Language): string {
  return lang === 'kg'
    ? institution.name_kg
    : lang === 'en'
      ? institution.name_en
      : institution.name;
}

/**
 * The university's address in a language: the configured one is in Russian; the default address
 * has its Kyrgyz and English forms, another one is printed as configured.
 */
export function institutionAddress(institution: Institution, lang: Language): string {
  return institution.address === INSTITUTION.address.ru
    ? INSTITUTION.address[lang]
    : institution.address;
}

/** The university in every language, the holder's first. */
function namesOf(institution: Institution, lang: Language): string[] {
  const order: Language[] = [lang, ...(['kg', 'ru', 'en'] as const).filter((l) => l !== lang)];
  return order.map((l) => institutionName(institution, l));
}

export function header(doc: Pdf, institution: Institution, lang: Language): void {
  const width = doc.page.width - MARGIN * 2;
  const [first, ...others] = namesOf(institution, lang);
  doc
    .font('bold')
    .fontSize(12)
    .text(first ?? '', MARGIN, MARGIN, { width, align: 'center' });
  doc.font('regular').fontSize(9);
  for (const name of others) doc.text(name, { width, align: 'center' });
  doc
    .fontSize(8)
    .text(`${institutionAddress(institution, lang)} · ${institution.phone} · ${institution.mail}`, {
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
export async function verificationBlock(
  doc: Pdf,
  verification: Verification,
  lang: Language,
): Promise<void> {
  const size = 84;
  if (doc.y + size + 10 > doc.page.height - MARGIN) doc.addPage();
  const top = Math.max(doc.y + 10, doc.page.height - MARGIN - size);
  doc.image(await qrPng(verification.url), MARGIN, top, { width: size, height: size });
  const x = MARGIN + size + 12;
  const width = doc.page.width - MARGIN - x;
  const number = (l: Language) => `${DOCUMENT_TEXTS.documentNo[l]} ${verification.number}`;
  doc
    .font('bold')
    .fontSize(9)
    .text(lang === 'en' ? number('en') : `${number(lang)} / ${number('en')}`, x, top + 6, {
      width,
    });
  doc
    .font('regular')
    .fontSize(8)
    .text(`${bilingual(DOCUMENT_TEXTS.issued, lang)}: ${formatDay(verification.issuedAt, lang)}`, {
      width,
    })
    .text(`${bilingual(DOCUMENT_TEXTS.verify, lang)}:`, { width })
    .text(verification.url, { width, link: verification.url, underline: true });
}

/** Label–value rows (the holder's name, date of birth, …). */
export function labelled(doc: Pdf, rows: [string, string][]): void {
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
