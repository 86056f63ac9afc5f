import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OrderEvent } from '@lms/shared/contract';
import {
  dateRefusal,
  fieldsRefusal,
  hears,
  issuesOnMove,
  localDay,
  moveConflict,
  moveRefusal,
  parseDay,
  referencesRefusal,
} from '../../src/areas/orders/rules.js';

const NOW = new Date(2026, 10, 25, 10, 30); // 25 Nov 2026, local time
const fields = (overrides: object = {}) => ({
  id_doc: 1,
  id_region: 2,
  id_district: 3,
  id_naznachenie: 4,
  date: '2026-11-28',
  ...overrides,
});

describe('orders rules: the fields of an order', () => {
  test('every field must be chosen (a placeholder is -1, the date not blank)', () => {
    assert.equal(fieldsRefusal(fields()), null);
    for (const missing of [
      { id_doc: -1 },
      { id_region: 0 },
      { id_district: -1 },
      { id_naznachenie: -1 },
      { date: '' },
      { date: '   ' },
    ]) {
      assert.equal(fieldsRefusal(fields(missing)), 'fieldsRequired', JSON.stringify(missing));
    }
  });

  test('references: each row exists, the district lies in the chosen region, in this order', () => {
    const found = {
      document: {},
      regionExists: true,
      district: { region_id: 2 },
      purpose: {},
      regionId: 2,
    };
    assert.equal(referencesRefusal(found), null);
    assert.equal(referencesRefusal({ ...found, document: undefined }), 'unknownDocument');
    assert.equal(referencesRefusal({ ...found, regionExists: false }), 'unknownRegion');
    assert.equal(referencesRefusal({ ...found, district: undefined }), 'districtMismatch');
    assert.equal(referencesRefusal({ ...found, district: { region_id: 5 } }), 'districtMismatch');
    assert.equal(referencesRefusal({ ...found, purpose: undefined }), 'unknownPurpose');
    assert.equal(
      referencesRefusal({ ...found, document: undefined, purpose: undefined }),
      'unknownDocument',
    );
  });
});

describe('orders rules: the day a document is needed by', () => {
  test('days are calendar days, YYYY-MM-DD, in local time', () => {
    assert.equal(localDay(NOW), '2026-11-25');
    assert.equal(localDay(new Date(2027, 0, 5)), '2027-01-05');
    assert.ok(parseDay('2028-02-29'));
    assert.equal(parseDay('2026-02-29'), null);
    assert.equal(parseDay('2026-02-30'), null);
    assert.equal(parseDay('2026-13-01'), null);
    assert.equal(parseDay('26-11-25'), null);
    assert.equal(parseDay('2026-11-25T00:00'), null);
  });

  test('a bad, a past and a too far day are refused; today and the last day are not', () => {
    assert.equal(dateRefusal('2026-02-30', NOW), 'badDate');
    assert.equal(dateRefusal('tomorrow', NOW), 'badDate');
    assert.equal(dateRefusal('2026-11-24', NOW), 'pastDate');
    assert.equal(dateRefusal('2026-11-25', NOW), null);
    assert.equal(dateRefusal('2026-12-05', NOW, 10), null);
    assert.equal(dateRefusal('2026-12-06', NOW, 10), 'farDate');
    assert.equal(dateRefusal('2027-11-25', NOW), null, 'ORDER_MAX_DAYS_AHEAD (365) days on');
    assert.equal(dateRefusal('2027-11-26', NOW), 'farDate');
  });
});

describe('orders rules: the registrar moves an order', () => {
  test('only to the next step: waiting → preparing → prepared', () => {
    assert.equal(moveRefusal('waiting', 'preparing'), null);
    assert.equal(moveRefusal('preparing', 'prepared'), null);
    assert.equal(moveRefusal('waiting', 'prepared'), 'badMove', 'a skipped step');
    assert.equal(moveRefusal('preparing', 'waiting'), 'badMove', 'back');
    assert.equal(moveRefusal('prepared', 'prepared'), 'badMove', 'nowhere after prepared');
    assert.equal(moveRefusal('waiting', 'waiting'), 'badMove');
    for (const to of ['waiting', 'preparing', 'prepared', 'cancelled'] as const) {
      assert.equal(moveRefusal('cancelled', to), 'badMove', `cancelled → ${to}`);
    }
    assert.equal(moveRefusal('waiting', 'cancelled'), 'badMove', 'only the student cancels');
  });

  test('a cancelled order moves no more; a failed move says cancelled or changed meanwhile', () => {
    assert.equal(moveRefusal('waiting', 'preparing', 'cancelled'), 'cancelled');
    assert.equal(moveRefusal('waiting', 'preparing', 'waiting'), null);
    assert.equal(moveRefusal('waiting', 'prepared', 'cancelled'), 'badMove', 'the step first');
    assert.equal(moveConflict('cancelled'), 'cancelled');
    assert.equal(moveConflict('preparing'), 'stale');
    assert.equal(moveConflict(undefined), 'stale');
  });

  test('a certificate the portal makes is issued once, when its order gets prepared', () => {
    const instant = { instant: 1 };
    assert.equal(issuesOnMove('prepared', instant, { id_document: null }), true);
    assert.equal(issuesOnMove('prepared', instant, { id_document: 7 }), false);
    assert.equal(issuesOnMove('preparing', instant, { id_document: null }), false);
    assert.equal(issuesOnMove('prepared', { instant: 0 }, { id_document: null }), false);
    assert.equal(issuesOnMove('prepared', undefined, { id_document: null }), false);
  });
});

describe('orders rules: who hears of orders', () => {
  test('the registrar hears every order, a student only their own', () => {
    const event: OrderEvent = {
      kind: 'moved',
      id_order: 1,
      studentId: 5,
      status: 'preparing',
      comment: null,
    };
    assert.equal(hears({ registrar: true, studentId: null }, event), true);
    assert.equal(hears({ registrar: false, studentId: 5 }, event), true);
    assert.equal(hears({ registrar: false, studentId: 6 }, event), false);
    assert.equal(hears({ registrar: false, studentId: null }, event), false);
  });
});
