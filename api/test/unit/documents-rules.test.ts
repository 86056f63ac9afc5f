import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { IssuedRow } from '../../src/areas/documents/repository.js';
import {
  matchingHolders,
  normalizedReason,
  revokeRefusal,
  supersession,
} from '../../src/areas/documents/rules.js';

const row = (over: Partial<IssuedRow>): IssuedRow => ({
  id: 1,
  kind: 'transcript',
  studentId: 7,
  summary: {},
  issuedAt: 1000,
  lang: 'ru',
  revokedAt: null,
  revokeReason: null,
  orderId: null,
  paymentId: null,
  ...over,
});

describe('documents rules', () => {
  test('a reason is trimmed and must have three characters; a revoked document stays so', () => {
    assert.equal(normalizedReason('  wrong \n  date '), 'wrong date');
    assert.equal(revokeRefusal({ revokedAt: null }, 'ab'), 'shortReason');
    assert.equal(revokeRefusal({ revokedAt: null }, 'abc'), null);
    assert.equal(revokeRefusal({ revokedAt: 5 }, 'abc'), 'alreadyRevoked');
  });

  test('the latest live transcript of a language supersedes the earlier ones', () => {
    const rows = [
      row({ id: 1, issuedAt: 100 }),
      row({ id: 2, issuedAt: 200 }),
      row({ id: 3, issuedAt: 300, revokedAt: 400 }),
      row({ id: 4, issuedAt: 150, lang: 'en' }),
      row({ id: 5, issuedAt: 50, kind: 'certificate', lang: null }),
      row({ id: 6, issuedAt: 60, kind: 'certificate', lang: null }),
      row({ id: 7, issuedAt: 10, studentId: 8 }),
    ];
    const superseded = supersession(rows);
    assert.deepEqual([...superseded].sort(), [[1, 2]]);
  });

  test('holders match every word, case folded in Cyrillic', () => {
    const holders = [
      {
        studentId: 1,
        fio: 'Жумабаева Айгерим',
        group: 'ПИ-1-23',
        groupKg: null,
        groupEn: 'SE-1-23',
      },
      { studentId: 2, fio: 'Асанов Бакыт', group: 'ПИ-2-23', groupKg: null, groupEn: null },
    ];
    assert.deepEqual(
      matchingHolders(holders, 'жумабаева АЙГЕРИМ').map((h) => h.studentId),
      [1],
    );
    assert.deepEqual(
      matchingHolders(holders, 'пи 23').map((h) => h.studentId),
      [1, 2],
    );
    assert.deepEqual(matchingHolders(holders, '   '), []);
  });
});
