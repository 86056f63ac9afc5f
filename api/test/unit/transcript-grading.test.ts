import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkedScale, DEFAULT_GRADING_SCALE } from '../../src/lib/documents/grading.js';
import { signDocumentId, verifyDocumentId } from '../../src/lib/documents/verification.js';
import {
  bandOf,
  creditTotals,
  round2,
  transcriptIssueKey,
  transcriptOf,
  transcriptSummary,
} from '../../src/areas/transcript/rules.js';
import type { GradeRow } from '../../src/areas/transcript/repository.js';

describe('grading table (pure)', () => {
  test('the default table maps scores to grade, letter and points at every boundary', () => {
    const scale = checkedScale(DEFAULT_GRADING_SCALE);
    const cases: [number, number, string, number][] = [
      [100, 5, 'A', 4],
      [87, 5, 'A', 4],
      [86, 4, 'B', 3.33],
      [80, 4, 'B', 3.33],
      [79, 4, 'C', 3],
      [74, 4, 'C', 3],
      [73, 3, 'D', 2.33],
      [68, 3, 'D', 2.33],
      [67, 3, 'E', 2],
      [61, 3, 'E', 2],
      [60, 2, 'FX', 0],
      [31, 2, 'FX', 0],
      [30, 2, 'F', 0],
      [0, 2, 'F', 0],
    ];
    for (const [score, grade, letter, points] of cases) {
      const band = bandOf(scale, score);
      assert.deepEqual(
        [band.grade, band.ekv_bukv, band.ekv_num],
        [grade, letter, points],
        `${score}`,
      );
    }
  });

  test('a table with a gap or an overlap is refused', () => {
    const gap = DEFAULT_GRADING_SCALE.map((b) => (b.ekv_bukv === 'B' ? { ...b, min: 81 } : b));
    assert.throws(() => checkedScale(gap), /not covered/);
    const overlap = DEFAULT_GRADING_SCALE.map((b) => (b.ekv_bukv === 'C' ? { ...b, max: 82 } : b));
    assert.throws(() => checkedScale(overlap), /not covered/);
  });

  test('averages are credit-weighted, to two decimals; failing credits are not earned', () => {
    // (5×4 + 3×3.33 + 4×0) / 12 = 29.99 / 12 = 2.49916…
    const totals = creditTotals([
      { credits: 5, ekv_num: 4 },
      { credits: 3, ekv_num: 3.33 },
      { credits: 4, ekv_num: 0 },
    ]);
    assert.deepEqual(totals, { kredits_sum: 8, kredits_avg: 2.5 });
    assert.equal(round2(2.675), 2.68);
    assert.deepEqual(creditTotals([]), { kredits_sum: 0, kredits_avg: 0 });
  });

  test('verification ids: a signed id verifies, a changed one does not', () => {
    const token = signDocumentId('s'.repeat(64), 42);
    assert.equal(verifyDocumentId('s'.repeat(64), token), 42);
    assert.equal(verifyDocumentId('s'.repeat(64), token.replace(/^42/, '43')), null);
    assert.equal(verifyDocumentId('t'.repeat(64), token), null);
    assert.equal(verifyDocumentId('s'.repeat(64), 'garbage'), null);
  });
});

describe('transcript layout (pure)', () => {
  const row = (overrides: Partial<GradeRow>): GradeRow => ({
    group_id: 1,
    group_name: 'G-1',
    year_id: 24,
    ws_id: 1,
    study_semester: 1,
    credits: 5,
    score: 90,
    code: 'A100',
    name: 'Algebra',
    ...overrides,
  });
  const startOf = (yearId: number) => 2000 + yearId;

  test('grades are laid out by group, year and semester order, codes sorted, with totals', () => {
    const scale = checkedScale(DEFAULT_GRADING_SCALE);
    const transcript = transcriptOf(
      [
        row({ year_id: 25, ws_id: 2, study_semester: 4, code: 'B200', score: 75, credits: 4 }),
        row({ year_id: 25, ws_id: 1, study_semester: 3, code: 'C300', score: 50, credits: 3 }),
        row({ code: 'Z900', score: 61, credits: 2 }),
        row({ code: 'A100' }),
        row({ year_id: 24, ws_id: 3, study_semester: 2, code: 'S100', score: 80, credits: 1 }),
      ],
      scale,
      startOf,
    );
    assert.equal(transcript.groups.length, 1);
    const years = transcript.groups[0]?.years ?? [];
    assert.deepEqual(
      years.map((y) => [y.id_a_year, y.year, y.semesters.map((s) => s.ws_sort)]),
      [
        [24, '2024-25', [1, 3]],
        [25, '2025-26', [1, 2]],
      ],
    );
    const fall = years[0]?.semesters[0];
    assert.deepEqual(
      fall?.rows.map((r) => [r.code_discipline, r.grade, r.ekv_bukv]),
      [
        ['A100', 5, 'A'],
        ['Z900', 3, 'E'],
      ],
    );
    // (5×4 + 2×2) / 7 = 3.428… → 3.43; every credit here passes.
    assert.deepEqual([fall?.kredits_sum, fall?.kredits_avg], [7, 3.43]);
    // A failing grade (FX) counts in the average with 0 points, and earns no credits.
    const failed = years[1]?.semesters[0];
    assert.deepEqual([failed?.kredits_sum, failed?.kredits_avg], [0, 0]);
    // All: 5×4 + 2×2 + 1×3.33 + 3×0 + 4×3 = 39.33 over 15 credits = 2.622 → 2.62.
    assert.deepEqual([transcript.kredits_sum, transcript.kredits_avg], [12, 2.62]);
  });

  test('each group the student studied in is its own section, in the order they studied', () => {
    const transcript = transcriptOf(
      [row({ group_id: 2, group_name: 'G-2', year_id: 25 }), row({ group_id: 1, year_id: 24 })],
      DEFAULT_GRADING_SCALE,
      startOf,
    );
    assert.deepEqual(
      transcript.groups.map((g) => g.group),
      ['G-1', 'G-2'],
    );
    assert.deepEqual(transcriptOf([], DEFAULT_GRADING_SCALE, startOf), {
      groups: [],
      kredits_sum: 0,
      kredits_avg: 0,
    });
  });
});

describe('issued transcripts (pure)', () => {
  const content = { card: { fio: 'A' }, record: { kredits_sum: 10 } };
  const noon = Date.UTC(2026, 10, 25, 12);

  test('the same student, university day, language and content is the same document', () => {
    const key = transcriptIssueKey(7, noon, 360, 'ru', content);
    assert.match(key, /^transcript:7:2026-11-25:ru:[A-Za-z0-9_-]{43}$/);
    assert.equal(transcriptIssueKey(7, noon + 3_600_000, 360, 'ru', { ...content }), key);
    assert.notEqual(transcriptIssueKey(8, noon, 360, 'ru', content), key);
    assert.notEqual(transcriptIssueKey(7, noon, 360, 'en', content), key);
    assert.notEqual(transcriptIssueKey(7, noon, 360, 'ru', { ...content, extra: 1 }), key);
  });

  test("the day is the university's: UTC+6 starts the next day at 18:00 UTC", () => {
    const evening = Date.UTC(2026, 10, 25, 18, 30);
    assert.match(transcriptIssueKey(7, evening, 360, 'ru', content), /:2026-11-26:/);
    assert.match(transcriptIssueKey(7, evening, 0, 'ru', content), /:2026-11-25:/);
  });

  test('the summary is what the document shows: credits earned and the average, two decimals', () => {
    const card = {
      studentId: 7,
      fio: 'Student A',
      birthDate: null,
      groupId: 1,
      group: 'G-1',
      admissionYear: 24,
      speciality: '510100 Mathematics',
      faculty: 'Science',
    };
    assert.deepEqual(transcriptSummary(card, { groups: [], kredits_sum: 12, kredits_avg: 2.5 }), {
      fio: 'Student A',
      birthDate: '',
      speciality: '510100 Mathematics',
      faculty: 'Science',
      credits: '12',
      gpa: '2.50',
    });
  });
});
