// A room's printable sheet over HTTP: its week as a PDF in the reader's language (every heading
// translated), with its live timetable's URL, the one its QR encodes; who may download it, and
// bad input refused. On SQLite, and on PostgreSQL when DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PDFParse } from 'pdf-parse';
import { roomTimetablePath, type Language, type Room } from '@lms/shared/contract';
import { defaultOptions } from '../src/options.js';
import { campusFixture } from './campus-helper.js';
import { envelope, type Client } from './helper.js';
import type { QrFixture } from './qr-helper.js';

const API = '/lms/api/rooms';

describe('the printable room sheet', () => {
  let f: QrFixture;
  let room: Room;
  before(async () => {
    ({ f } = await campusFixture(API));
    const rooms = envelope<Room[]>(await f.student.post(`${API}/list.json`, {})).data!;
    room = rooms.find((r) => r.id === f.slot.roomId)!;
  });
  after(() => f.t.close());

  const sheet = (client: Client, query: string, lang: Language = 'ru') => {
    const reader = client.on(f.t.app);
    reader.cookies.set('lang', lang);
    return reader.get(`${API}/sheet.file?${query}`);
  };
  /** The sheet's text as `lang` reads it (spaces folded). */
  const sheetText = async (lang: Language, client: Client = f.student) => {
    const file = await sheet(client, `id=${room.id}&date=2026-11-16`, lang);
    assert.equal(file.statusCode, 200, file.body);
    assert.equal(file.headers['content-type'], 'application/pdf');
    assert.match(String(file.headers['content-disposition']), /room-\d+-2026-11-16-/);
    const parser = new PDFParse({ data: new Uint8Array(file.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    return text.replace(/\s+/g, ' ');
  };

  test("the sheet prints the room's week in English, with the URL its QR encodes", async () => {
    const text = await sheetText('en');
    assert.ok(text.includes(`Room ${room.name} (${room.building})`), text);
    assert.ok(text.includes('Week: 16 Nov 2026 – 21 Nov 2026'), text);
    for (const word of ['Time', 'Monday 16 Nov', 'Saturday 21 Nov', 'Seats:', 'Equipment:']) {
      assert.ok(text.includes(word), `${word} in ${text}`);
    }
    // The demo lesson in this room on Monday, second period.
    assert.ok(text.includes('Lesson'), text);
    const url = `${defaultOptions().publicOrigin}${roomTimetablePath(room.id)}`;
    assert.equal(url, `${defaultOptions().publicOrigin}/lms/rooms/${room.id}`);
    assert.ok(text.replace(/\s/g, '').includes(url), 'the live timetable URL is printed');
  });

  test('the sheet is in the reader’s language: Kyrgyz and Russian headings, no English', async () => {
    const kg = await sheetText('kg');
    for (const word of ['Аудитория', 'Жума:', 'Убактысы', 'Орундар:', 'Жабдуулар:', 'Дүйшөмбү']) {
      assert.ok(kg.toLowerCase().includes(word.toLowerCase()), `${word} in ${kg}`);
    }
    const ru = await sheetText('ru');
    for (const word of ['Аудитория', 'Неделя:', 'Время', 'Мест:', 'Оборудование:', 'понедельник']) {
      assert.ok(ru.toLowerCase().includes(word.toLowerCase()), `${word} in ${ru}`);
    }
    for (const text of [kg, ru]) {
      assert.doesNotMatch(text, /\b(Room|Week|Time|Seats|Equipment|Monday|Printed)\b/);
    }
  });

  test('everyone signed in downloads it; no session, a missing room and a bad date are refused', async () => {
    await sheetText('en', f.teacher);
    const anonymous = await f.t.client().get(`${API}/sheet.file?id=${room.id}`);
    assert.equal(anonymous.statusCode, 401);
    assert.equal((await sheet(f.student, 'id=999999')).statusCode, 403);
    assert.equal((await sheet(f.student, `id=${room.id}&date=2026-13-40`)).statusCode, 400);
    assert.equal((await sheet(f.student, 'id=abc')).statusCode, 400);
    // Today's week when no date is given.
    assert.equal((await sheet(f.student, `id=${room.id}`)).statusCode, 200);
  });
});
