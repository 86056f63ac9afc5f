import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  canonicalJson,
  chainBreak,
  digestOf,
  GENESIS_DIGEST,
  type ChainContent,
  type ChainRow,
} from '../../src/areas/audit/rules.js';

const content = (n: number): ChainContent => ({
  at: 1_700_000_000_000 + n,
  user_id: 3,
  role: 1,
  address: '127.0.0.1',
  device: 'test',
  kind: 'journal.cell',
  record_key: `lesson:1/student:${n}`,
  student_id: n,
  old_value: 'null',
  new_value: canonicalJson({ source: 'manual', otsenka: String(n) }),
});

/** The canonical text as the trail's first rows were written: every value through a sorted copy. */
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .filter((key) => record[key] !== undefined)
        .map((key) => [key, sortedCopy(record[key])]),
    );
  }
  return value;
}

/** A well-formed chain of `n` rows. */
function chain(n: number): ChainRow[] {
  const rows: ChainRow[] = [];
  let previous = GENESIS_DIGEST;
  for (let i = 1; i <= n; i += 1) {
    const digest = digestOf(previous, content(i));
    rows.push({ ...content(i), id: i, prev_digest: previous, digest });
    previous = digest;
  }
  return rows;
}

describe('audit rules', () => {
  test('canonical JSON sorts keys at every depth and drops undefined members', () => {
    assert.equal(
      canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 0 }], c: undefined } }),
      '{"a":{"d":[2,{"y":0,"z":1}]},"b":1}',
    );
    assert.equal(canonicalJson(undefined), 'null');
  });

  test('every value keeps the text the stored rows were written with (flat ones at once)', () => {
    const values: unknown[] = [
      undefined,
      null,
      '5',
      4,
      { otsenka: '5', source: 'hand' },
      { source: 'qr', otsenka: null },
      { b: 1, a: 'x', c: true, d: undefined },
      { 10: 'ten', 2: 'two', a: 'letter' },
      { nested: { z: 1, y: [3, { q: 1, p: undefined }] }, a: null },
      { text: 'кыргызча "цитата"\n', sum: 1500.5, nan: Number.NaN },
      { when: new Date(0), fn: () => 1 },
      [{ b: 2, a: 1 }, undefined, 'x'],
      Object.assign(Object.create(null) as object, { b: 1, a: 2 }),
      {},
    ];
    for (const value of values) {
      const first = JSON.stringify(sortedCopy(value === undefined ? null : value));
      assert.equal(canonicalJson(value), first);
    }
  });

  test("a digest is sha256 over the previous digest, a newline and the row's fields", () => {
    const row = content(1);
    const fields = JSON.stringify([
      row.at,
      row.user_id,
      row.role,
      row.address,
      row.device,
      row.kind,
      row.record_key,
      row.student_id,
      row.old_value,
      row.new_value,
    ]);
    const expected = createHash('sha256').update('abc').update('\n').update(fields).digest('hex');
    assert.equal(digestOf('abc', row), expected);
  });

  test('a digest depends on the previous digest and on every field', () => {
    const base = digestOf(GENESIS_DIGEST, content(1));
    assert.match(base, /^[0-9a-f]{64}$/);
    assert.notEqual(digestOf('x', content(1)), base);
    for (const field of Object.keys(content(1)) as (keyof ChainContent)[]) {
      const changed = { ...content(1), [field]: field === 'at' ? 1 : 'other' };
      assert.notEqual(digestOf(GENESIS_DIGEST, changed as ChainContent), base, field);
    }
  });

  test('a whole chain holds and answers its last digest', () => {
    const rows = chain(5);
    assert.deepEqual(chainBreak(rows), { last: rows[4]!.digest });
    assert.deepEqual(chainBreak([]), { last: GENESIS_DIGEST });
    // Page by page: the second page continues from the first one's last digest.
    assert.deepEqual(chainBreak(rows.slice(2), rows[1]!.digest), { last: rows[4]!.digest });
  });

  test("an edited row is named by its digest, a removed row by the next one's link", () => {
    const edited = chain(5);
    edited[2] = { ...edited[2]!, new_value: '{"otsenka":"5","source":"manual"}' };
    assert.deepEqual(chainBreak(edited), { id: 3, reason: 'digest' });
    const gap = chain(5).filter((row) => row.id !== 2);
    assert.deepEqual(chainBreak(gap), { id: 3, reason: 'link' });
    const rehashed = chain(5);
    rehashed[1] = { ...rehashed[1]!, digest: digestOf('forged', rehashed[1]!) };
    assert.deepEqual(chainBreak(rehashed), { id: 2, reason: 'digest' });
  });
});
