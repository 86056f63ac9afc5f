import { manual as en } from './content/en';
import { manual as ru } from './content/ru';
import { normalize, queryWords, searchManual } from './search';

describe('searchManual', () => {
  it('finds nothing for an empty query or one of spaces and signs', () => {
    expect(searchManual(en, '', 'student')).toEqual([]);
    expect(searchManual(en, '  ,. ', 'student')).toEqual([]);
  });

  it('puts the pages whose title has the words first', () => {
    const hits = searchManual(en, 'timetable', 'student');
    expect(hits[0]).toMatchObject({ section: 'schedule', reader: null, anchor: null });
    // Other pages mention the timetable in their tasks (QR check-in, rooms) after it.
    expect(hits.slice(1).map((hit) => hit.section)).toEqual(
      expect.arrayContaining(['qr', 'rooms']),
    );
  });

  it('needs every word, in any case, and says where they are', () => {
    const hits = searchManual(en, 'WAITING list', 'student');
    expect(hits).toContainEqual(
      expect.objectContaining({
        section: 'registration',
        reader: 'student',
        where: 'A full stream: the waiting list',
        anchor: 'student-task-2',
      }),
    );
    expect(searchManual(en, 'waiting zebra', 'student')).toEqual([]);
  });

  it('finds a refusal’s words and points at it', () => {
    const [hit] = searchManual(en, 'expired', 'student').filter((h) => h.section === 'qr');
    expect(hit).toMatchObject({
      reader: 'student',
      where: 'The QR code has expired',
      anchor: 'student-refusal-1',
    });
    expect(hit?.excerpt).toContain('expired');
  });

  it('gives the reader’s own role first, then the others that match', () => {
    const teacher = searchManual(en, 'QR code', 'teacher').filter((h) => h.section === 'qr');
    // The page title has the words: one hit for the page.
    expect(teacher).toHaveLength(1);
    const hits = searchManual(en, 'Send', 'teacher').filter((h) => h.section === 'chat');
    expect(hits.map((hit) => hit.reader)).toEqual(['teacher', 'student']);
  });

  it('searches the reader’s language, with ё as е', () => {
    expect(searchManual(ru, 'журнал', 'teacher')[0]).toMatchObject({ section: 'journal' });
    expect(searchManual(ru, 'ещё', 'student').length).toBeGreaterThan(0);
    expect(searchManual(ru, 'ещё', 'student')).toEqual(searchManual(ru, 'еще', 'student'));
    expect(searchManual(ru, 'timetable', 'student')).toEqual([]);
  });

  it('keeps excerpts short, with an ellipsis where the text goes on', () => {
    for (const hit of searchManual(en, 'registered', 'student')) {
      expect(hit.excerpt.length).toBeLessThanOrEqual(92);
    }
  });
});

describe('queryWords', () => {
  it('splits on spaces and punctuation and lowers the case', () => {
    expect(queryWords('  «Журнал», QR-code!  ')).toEqual(['журнал', 'qr-code']);
    expect(normalize('Ёлка  Ёж')).toBe('елка еж');
  });
});
