import type { Language, Room, RoomEntry } from '@lms/shared/contract';
import { formatterFor } from '@lms/shared/format';
import { MARGIN } from '../../lib/documents/pdfs.js';
import { qrPng, renderPdf, wordsFittingSize, type Pdf } from '../../lib/pdf.js';
import { addDays } from './rules.js';
import { EQUIPMENT_TEXTS, SHEET_TEXTS } from './sheet-messages.js';

/** What the printed sheet shows: the room, its week, the periods, and its live timetable's URL. */
export interface RoomSheet {
  lang: Language;
  room: Room;
  from: string;
  parity: 'odd' | 'even';
  entries: RoomEntry[];
  periods: { id: number; start: string; end: string }[];
  /** The room's live timetable in the portal: the QR encodes it and the sheet prints it. */
  url: string;
  printedAt: number;
}

const QR_SIZE = 84;
const TIME_WIDTH = 64;
const DAYS = 6;

/** One table row: the cells' texts from the left, each drawn in its column; the row's bottom. */
function tableRow(doc: Pdf, cells: string[], widths: number[], heading: boolean): void {
  const top = doc.y;
  let bottom = top;
  let x = MARGIN;
  doc.font(heading ? 'bold' : 'regular');
  cells.forEach((text, index) => {
    const width = widths[index]! - 6;
    // A heading shrinks until each of its words fits its column; cells keep the table's size.
    doc.fontSize(heading ? wordsFittingSize(doc, text, width, 9) : 7.5);
    doc.text(text, x + 3, top + 3, { width });
    bottom = Math.max(bottom, doc.y + 3);
    x += widths[index]!;
  });
  const right = MARGIN + widths.reduce((sum, w) => sum + w, 0);
  doc
    .lineWidth(0.5)
    .rect(MARGIN, top, right - MARGIN, bottom - top)
    .stroke();
  let line = MARGIN;
  for (const width of widths.slice(0, -1)) {
    line += width;
    doc.moveTo(line, top).lineTo(line, bottom).stroke();
  }
  doc.y = bottom;
}

/**
 * The room's week as a sheet to pin on its door, in the reader's language: the room, its seats
 * and equipment, the week and its parity, one row per lesson period and one column per day
 * (Monday to Saturday) with what takes place there, and a QR of the room's live timetable
 * (its URL printed beside it).
 */
export function roomSheetPdf(sheet: RoomSheet): Promise<Buffer> {
  const { lang, room } = sheet;
  const t = (key: keyof typeof SHEET_TEXTS) => SHEET_TEXTS[key][lang];
  const format = formatterFor(lang);
  const title = `${t('room')} ${room.name} (${room.building})`;
  const options = {
    size: 'A4',
    layout: 'landscape' as const,
    margin: MARGIN,
    info: { Title: title },
  };
  return renderPdf(options, async (doc) => {
    const width = doc.page.width - MARGIN * 2;
    const textWidth = width - QR_SIZE - 16;
    doc.image(await qrPng(sheet.url), doc.page.width - MARGIN - QR_SIZE, MARGIN, {
      width: QR_SIZE,
      height: QR_SIZE,
    });
    doc.font('bold').fontSize(16).text(title, MARGIN, MARGIN, { width: textWidth });
    const days = Array.from({ length: DAYS }, (_, i) => addDays(sheet.from, i));
    doc
      .font('regular')
      .fontSize(10)
      .text(
        `${t('week')}: ${format.date(days[0])} – ${format.date(days[DAYS - 1])}, ${t(sheet.parity)}`,
        { width: textWidth },
      );
    const equipment = room.equipment.map((item) => EQUIPMENT_TEXTS[item][lang]).join(', ');
    doc.text(
      `${t('seats')}: ${format.number(room.capacity)} · ${t('equipment')}: ${equipment || t('none')}`,
      { width: textWidth },
    );
    doc.fontSize(8).text(t('live'), { width: textWidth });
    doc.text(sheet.url, { width: textWidth, link: sheet.url, underline: true });
    doc.y = Math.max(doc.y, MARGIN + QR_SIZE) + 10;

    const dayWidth = (width - TIME_WIDTH) / DAYS;
    const widths = [TIME_WIDTH, ...days.map(() => dayWidth)];
    tableRow(
      doc,
      [t('time'), ...days.map((day) => `${format.weekday(day, 'long')} ${format.dayMonth(day)}`)],
      widths,
      true,
    );
    for (const period of sheet.periods) {
      const cells = days.map((day) =>
        sheet.entries
          .filter((e) => e.date === day && e.id_time === period.id)
          .map((e) => [t(e.kind), e.discipline, e.group, e.teacher].filter(Boolean).join('\n'))
          .join('\n\n'),
      );
      if (doc.y + 40 > doc.page.height - MARGIN) doc.addPage();
      tableRow(doc, [`${period.start}–${period.end}`, ...cells], widths, false);
    }
    doc.moveDown(0.6);
    doc
      .font('regular')
      .fontSize(7)
      .text(`${t('printed')}: ${format.dateTime(sheet.printedAt)}`, MARGIN, doc.y, { width });
  });
}
