import {
  forgetPageOffsets,
  setUniversityTimeZone,
  universityDate,
  ZONE_OFFSETS_META,
  zonedParts,
  zoneOffsets,
  DEFAULT_TIME_ZONE,
} from './zone.js';

const YEAR = 365 * 86_400_000;
const FROM = Date.UTC(2000, 0, 1);
const UNTIL = Date.UTC(2036, 0, 1);

/** Puts the server's offsets of a zone into the page, as the API writes them. */
function pageWith(content: string | null): void {
  document.head.querySelector(`meta[name="${ZONE_OFFSETS_META}"]`)?.remove();
  if (content !== null) {
    const meta = document.createElement('meta');
    meta.name = ZONE_OFFSETS_META;
    meta.content = content;
    document.head.append(meta);
  }
  forgetPageOffsets();
}

/** zonedParts as Intl alone writes them (no offsets in the page). */
function byIntl(zone: string, at: number) {
  pageWith(null);
  setUniversityTimeZone(zone);
  return zonedParts(new Date(at));
}

afterEach(() => {
  pageWith(null);
  setUniversityTimeZone(DEFAULT_TIME_ZONE);
});

describe("the page's offsets of the university's zone", () => {
  // Bishkek (fixed since 2005), daylight time north and south, a half-hour shift, +5:45.
  const ZONES = [
    'Asia/Bishkek',
    'Europe/Berlin',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
  ];

  it.each(ZONES)('%s: every moment is written as Intl writes it', (zone) => {
    const table = zoneOffsets(zone, FROM, UNTIL);
    // Moments around every change (a minute before, at, a minute after) and spread over the span.
    const moments = table.offsets.flatMap(([at]) => [at - 60_000, at, at + 59_999, at + 60_000]);
    for (let at = FROM; at < UNTIL; at += 37 * 86_400_000 + 3_712_345) moments.push(at);
    const expected = moments.map((at) => byIntl(zone, at));
    pageWith(JSON.stringify(table));
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      const written = moments.map((at) => zonedParts(new Date(at)));
      expect(written).toEqual(expected);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('has the changes of a daylight-time zone and none in Bishkek since 2005', () => {
    const berlin = zoneOffsets('Europe/Berlin', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(berlin.offsets).toEqual([
      [Date.UTC(2026, 0, 1), 60],
      [Date.UTC(2026, 2, 29, 1), 120],
      [Date.UTC(2026, 9, 25, 1), 60],
    ]);
    const bishkek = zoneOffsets('Asia/Bishkek', Date.UTC(2006, 0, 1), UNTIL);
    expect(bishkek.offsets).toEqual([[Date.UTC(2006, 0, 1), 360]]);
  });

  it("falls back to Intl outside the span, for another zone, and for a page's nonsense", () => {
    const table = zoneOffsets('Asia/Bishkek', Date.UTC(2020, 0, 1), Date.UTC(2030, 0, 1));
    const before = Date.UTC(1995, 5, 1, 20, 30);
    const after = Date.UTC(2031, 5, 1, 20, 30);
    const expected = [byIntl('Asia/Bishkek', before), byIntl('Asia/Bishkek', after)];
    pageWith(JSON.stringify(table));
    expect([zonedParts(new Date(before)), zonedParts(new Date(after))]).toEqual(expected);
    // The university's zone is not the page's: Almaty's own (UTC+5 from 2024-03-01).
    const almaty = byIntl('Asia/Almaty', Date.UTC(2026, 5, 1, 20, 30));
    pageWith(JSON.stringify(table));
    setUniversityTimeZone('Asia/Almaty');
    expect(zonedParts(new Date(Date.UTC(2026, 5, 1, 20, 30)))).toEqual(almaty);
    setUniversityTimeZone(DEFAULT_TIME_ZONE);
    for (const nonsense of ['{', '[]', '{"zone":"Asia/Bishkek","until":1,"offsets":[["x",1]]}']) {
      pageWith(nonsense);
      expect(universityDate(Date.UTC(2026, 10, 30, 19, 0))).toBe('2026-12-01');
    }
  });

  it("takes the page's zone as known without making a formatter to check it", () => {
    pageWith(
      JSON.stringify(zoneOffsets('Europe/Berlin', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))),
    );
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(setUniversityTimeZone('Europe/Berlin')).toBe(true);
      expect(universityDate(Date.UTC(2026, 5, 30, 22, 30))).toBe('2026-07-01');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('spans decades in a few kilobytes', () => {
    const now = Date.UTC(2026, 10, 30);
    expect(JSON.stringify(zoneOffsets('Europe/Berlin', FROM, now + 10 * YEAR)).length).toBeLessThan(
      3000,
    );
  });
});
