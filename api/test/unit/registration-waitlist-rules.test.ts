// The waiting lists', holds' and appointments' rules without a database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { concerns } from '../../src/areas/registration/events.js';
import { refusalText } from '../../src/areas/registration/messages.js';
import {
  appointmentRefusal,
  courseOf,
  declineRefusal,
  holdRefusal,
  joinRefusal,
  NO_HOLDS,
  saveRefusal,
  type Refusal,
  type SaveFacts,
} from '../../src/areas/registration/rules.js';

const NOW = Date.UTC(2026, 10, 16, 3, 40);
const HOUR = 60 * 60 * 1000;
const FACTS: SaveFacts = {
  term: { yearId: 26, ws: 1 },
  choice: { disciplineId: 11, teacherId: 3 },
  entry: { elective: true, credits: 4 },
  window: { opensAt: NOW - HOUR, closesAt: NOW + 10 * HOUR, electives: true },
  stream: { id: 7, teacherId: 3, disciplineId: 11, lessonTypeId: 1, yearId: 26, ws: 1 },
  offered: true,
  existing: undefined,
  load: { studied: [], registered: [] },
  creditLimit: 30,
  now: NOW,
};

describe('holds', () => {
  test('none: nothing blocks', () => {
    assert.equal(holdRefusal(NO_HOLDS), null);
  });
  test('unpaid tuition comes first, then the registrar’s oldest note', () => {
    assert.deepEqual(holdRefusal({ manual: ['a', 'b'], tuitionUnpaid: true }), {
      code: 'tuitionHold',
    });
    assert.deepEqual(holdRefusal({ manual: ['a', 'b'], tuitionUnpaid: false }), {
      code: 'hold',
      note: 'a',
    });
  });
  test('a hold is heard before the window and the credits', () => {
    const refusal = saveRefusal({
      ...FACTS,
      window: null,
      creditLimit: 0,
      holds: { manual: ['See the dean'], tuitionUnpaid: false },
    });
    assert.deepEqual(refusal, { code: 'hold', note: 'See the dean' });
  });
});

describe('appointments', () => {
  test('the slot opens at its instant (inclusive); none means no slot', () => {
    assert.deepEqual(appointmentRefusal(NOW + 1, NOW), { code: 'beforeSlot', opensAt: NOW + 1 });
    assert.equal(appointmentRefusal(NOW, NOW), null);
    assert.equal(appointmentRefusal(null, NOW), null);
  });
  test('after the window, before the stream', () => {
    assert.equal(saveRefusal({ ...FACTS, appointment: NOW + HOUR })?.code, 'beforeSlot');
    assert.equal(
      saveRefusal({ ...FACTS, appointment: NOW + HOUR, window: null })?.code,
      'noWindow',
    );
    assert.equal(
      saveRefusal({ ...FACTS, appointment: NOW + HOUR, offered: false })?.code,
      'beforeSlot',
    );
  });
  test('the year of study from the admission year, across a century', () => {
    assert.equal(courseOf(26, 26), 1);
    assert.equal(courseOf(26, 23), 4);
    assert.equal(courseOf(1, 98), 4);
  });
});

describe('joining a waiting list', () => {
  const join = (changes: Partial<Parameters<typeof joinRefusal>[0]>) =>
    joinRefusal({ ...FACTS, seats: { capacity: 2, taken: 2 }, waiting: false, ...changes })?.code;
  test('a full stream takes the student onto its list', () => {
    assert.equal(join({}), undefined);
  });
  test('with seats left the student registers instead; twice is refused', () => {
    assert.equal(join({ seats: { capacity: 3, taken: 2 } }), 'notFull');
    assert.equal(join({ waiting: true }), 'alreadyWaiting');
  });
  test('a save’s refusals come first: over the credit limit, a duplicate, a hold', () => {
    assert.equal(join({ creditLimit: 3 }), 'creditLimit');
    assert.equal(join({ existing: 5 }), 'duplicate');
    assert.equal(join({ holds: { manual: [], tuitionUnpaid: true } }), 'tuitionHold');
  });
});

describe('declining a promoted seat', () => {
  const promoted = { status: 'promoted', decidedAt: NOW };
  test('within the time it may be declined, from then on it is refused', () => {
    assert.equal(declineRefusal(promoted, HOUR, NOW + HOUR - 1), null);
    assert.deepEqual(declineRefusal(promoted, HOUR, NOW + HOUR), { code: 'declineClosed' });
  });
  test('only a promotion may be declined', () => {
    assert.deepEqual(declineRefusal(undefined, HOUR, NOW), { code: 'notWaiting' });
    assert.deepEqual(declineRefusal({ status: 'waiting', decidedAt: null }, HOUR, NOW), {
      code: 'notWaiting',
    });
  });
});

test('every new refusal is worded in three different languages', () => {
  const refusals: Refusal[] = [
    { code: 'hold', note: 'x' },
    { code: 'tuitionHold' },
    { code: 'beforeSlot', opensAt: NOW },
    { code: 'notFull' },
    { code: 'alreadyWaiting' },
    { code: 'notWaiting' },
    { code: 'declineClosed' },
    { code: 'capacityBelowTaken' },
  ];
  for (const refusal of refusals) {
    const text = refusalText(refusal);
    assert.equal(new Set([text.kg, text.ru, text.en]).size, 3, refusal.code);
  }
});

describe('whom a live event concerns', () => {
  // A student of a group admitted in 2024 (year 24): in the year 26 they are in their 3rd year.
  const listener = { studentId: 5, facultyId: 2, admissionYear: 24 };
  const slot = { kind: 'slots' as const, yearId: 26, ws: 1, course: 3, facultyId: null };

  test('their own holds, lists and promotions, nobody else’s', () => {
    assert.equal(concerns({ kind: 'holds', studentId: 5 }, listener), true);
    assert.equal(concerns({ kind: 'holds', studentId: 6 }, listener), false);
    assert.equal(concerns({ kind: 'lists', studentId: 6 }, listener), false);
    const promoted = {
      kind: 'promoted' as const,
      studentId: 6,
      streamId: 1,
      disciplineId: 1,
      registrationId: 1,
      reason: null,
    };
    assert.equal(concerns(promoted, listener), false);
    assert.equal(concerns({ ...promoted, studentId: 5 }, listener), true);
  });

  test('the appointments of their year of study, university-wide or their faculty’s', () => {
    assert.equal(concerns(slot, listener), true);
    assert.equal(concerns({ ...slot, course: 4 }, listener), false);
    assert.equal(concerns({ ...slot, facultyId: 2 }, listener), true);
    assert.equal(concerns({ ...slot, facultyId: 3 }, listener), false);
    // Next year they are a year further on.
    assert.equal(concerns({ ...slot, yearId: 27, course: 4 }, listener), true);
    assert.equal(concerns(slot, { ...listener, admissionYear: undefined }), false);
  });
});
