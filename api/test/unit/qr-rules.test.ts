// The QR check-in's decisions and the clock's proofs, without a database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  dayNumberOf,
  instantOf,
  isoWeek,
  localDate,
  localTime,
  semesterOf,
  weekMatches,
} from '../../src/areas/schedule/clock.js';
import {
  checkClaim,
  checkToken,
  claimFor,
  codeFor,
  codeMatches,
  distanceMetres,
  parseToken,
  stepOf,
  tokenFor,
} from '../../src/areas/qr/proofs.js';
import { inLessonGroup } from '../../src/areas/journal/lesson-access.js';
import {
  checkIn,
  isRefusal,
  lessonRefusal,
  lessonWindow,
  openingRefusal,
  windowRefusal,
  placeOf,
  proofRefusal,
  signerRefusal,
  tokenRefusal,
  typedCodeSession,
  visitRefusal,
  type CheckInFacts,
  type CheckInSettings,
  type LessonSlot,
  type Refusal,
} from '../../src/areas/qr/rules.js';

const SETTINGS: CheckInSettings = {
  utcOffsetMinutes: 360,
  marginMinutes: 10,
  rotateMs: 10_000,
  maxAccuracyM: 150,
  accuracyCapM: 40,
};
/** Monday 16 November 2026, 09:40 in Bishkek: inside a 09:30–10:50 lesson. */
const NOW = Date.parse('2026-11-16T09:40:00+06:00');
const DATE = '2026-11-16';
const SECRET = 'ab'.repeat(32);
const OTHER_SECRET = 'cd'.repeat(32);
const DEVICE = 'device-hash';

const SLOT: LessonSlot = {
  id: 7,
  yearId: 26,
  ws: 1,
  dayNumber: 1,
  weekKind: 0,
  start: '09:30',
  end: '10:50',
  groupId: 3,
  subgroupId: null,
  roomId: 11,
  latitude: 42.87,
  longitude: 74.59,
  radiusM: 60,
};
const SESSION = { id: 5, date: DATE, secret: SECRET, open: true };
const PLACEMENT = { groupId: 3, subgroupId: 1 };
const STUDENT = { uid: 100, placement: PLACEMENT };

const reason = (decision: unknown) => (isRefusal(decision) ? decision.reason : null);

describe('clock: the university calendar', () => {
  test('local date and time at the university offset', () => {
    const late = Date.parse('2026-11-16T20:30:00Z');
    assert.equal(localDate(late, 360), '2026-11-17');
    assert.equal(localTime(late, 360), '02:30');
    assert.equal(localDate(late, 0), '2026-11-16');
  });

  test('semesters: fall September to January, spring February to June, summer July, August', () => {
    assert.deepEqual(semesterOf('2026-09-01'), { yearId: 26, ws: 1 });
    assert.deepEqual(semesterOf('2027-01-20'), { yearId: 26, ws: 1 });
    assert.deepEqual(semesterOf('2027-02-01'), { yearId: 26, ws: 2 });
    assert.deepEqual(semesterOf('2027-06-30'), { yearId: 26, ws: 2 });
    assert.deepEqual(semesterOf('2027-07-01'), { yearId: 26, ws: 3 });
    assert.deepEqual(semesterOf('2027-08-31'), { yearId: 26, ws: 3 });
  });

  test('day numbers, ISO weeks and the week kinds', () => {
    assert.equal(dayNumberOf('2026-11-16'), 1);
    assert.equal(dayNumberOf('2026-11-22'), 7);
    assert.equal(isoWeek('2026-11-16'), 47);
    assert.equal(isoWeek('2027-01-01'), 53);
    assert.equal(weekMatches(0, '2026-11-16'), true);
    assert.equal(weekMatches(1, '2026-11-16'), true);
    assert.equal(weekMatches(2, '2026-11-16'), false);
    assert.equal(weekMatches(2, '2026-11-23'), true);
  });

  test('the instant of a local date and time', () => {
    assert.equal(instantOf(DATE, '09:30', 360), Date.parse('2026-11-16T09:30:00+06:00'));
  });

  test('distances on the globe', () => {
    assert.equal(distanceMetres(42.87, 74.59, 42.87, 74.59), 0);
    // One thousandth of a degree of latitude is about 111 m.
    assert.ok(Math.abs(distanceMetres(42.87, 74.59, 42.871, 74.59) - 111.2) < 0.5);
  });
});

describe('clock: the rotating proofs', () => {
  const step = stepOf(NOW, SETTINGS.rotateMs);

  test('a token names its session and step, and is good for its step and the next', () => {
    const token = tokenFor(5, SECRET, step);
    assert.deepEqual(parseToken(token), { sessionId: 5, step });
    assert.equal(checkToken(token, SECRET, step), 'ok');
    assert.equal(checkToken(token, SECRET, step + 1), 'ok');
    assert.equal(checkToken(token, SECRET, step - 1), 'ok');
    assert.equal(checkToken(token, SECRET, step + 2), 'expired');
    assert.equal(checkToken(tokenFor(5, SECRET, step + 2), SECRET, step), 'invalid');
    assert.equal(checkToken(token, OTHER_SECRET, step), 'invalid');
    assert.equal(checkToken('5.1.short', SECRET, step), 'invalid');
    assert.equal(parseToken('nonsense'), null);
  });

  test('a typed code of this step or the one before matches', () => {
    const code = codeFor(5, SECRET, step);
    assert.match(code, /^\d{6}$/);
    assert.equal(codeMatches(code, 5, SECRET, step), true);
    assert.equal(codeMatches(code, 5, SECRET, step + 1), true);
    assert.equal(codeMatches(code, 5, SECRET, step + 2), false);
    assert.equal(codeMatches(code, 6, SECRET, step), false);
  });

  test('a claim is good until it expires, on its device only', () => {
    const claim = claimFor(5, SECRET, NOW + 1000, DEVICE);
    assert.equal(checkClaim(claim, SECRET, DEVICE, NOW), 'ok');
    assert.equal(checkClaim(claim, SECRET, DEVICE, NOW + 1001), 'expired');
    assert.equal(checkClaim(claim, SECRET, 'another device', NOW), 'invalid');
    assert.equal(checkClaim(claim, OTHER_SECRET, DEVICE, NOW), 'invalid');
    assert.equal(checkClaim('x', SECRET, DEVICE, NOW), 'invalid');
  });
});

describe('lesson-access: a student on a lesson list', () => {
  test('the group, and the subgroup of a subgroup lesson', () => {
    assert.equal(
      inLessonGroup({ groupId: 3, subgroupId: 1 }, { groupId: 3, subgroupId: null }),
      true,
    );
    assert.equal(inLessonGroup({ groupId: 3, subgroupId: 1 }, { groupId: 3, subgroupId: 1 }), true);
    assert.equal(
      inLessonGroup({ groupId: 3, subgroupId: 2 }, { groupId: 3, subgroupId: 1 }),
      false,
    );
    assert.equal(
      inLessonGroup({ groupId: 3, subgroupId: null }, { groupId: 3, subgroupId: 1 }),
      false,
    );
    assert.equal(
      inLessonGroup({ groupId: 4, subgroupId: 1 }, { groupId: 3, subgroupId: null }),
      false,
    );
    assert.equal(inLessonGroup(undefined, { groupId: 3, subgroupId: null }), false);
  });
});

describe('qr-rules: opening a QR and the lesson window', () => {
  test('the window runs from the margin before the start to the margin after the end', () => {
    const window = lessonWindow(SLOT, DATE, SETTINGS);
    assert.equal(window.start, Date.parse('2026-11-16T09:20:00+06:00'));
    assert.equal(window.end, Date.parse('2026-11-16T11:00:00+06:00'));
  });

  test('a QR opens on the lesson day of the running semester only', () => {
    assert.equal(openingRefusal(SLOT, DATE), null);
    assert.equal(openingRefusal(SLOT, '2026-11-17'), 'notToday');
    assert.equal(openingRefusal({ ...SLOT, weekKind: 2 }, DATE), 'notToday');
    assert.equal(openingRefusal({ ...SLOT, ws: 2 }, DATE), 'notThisSemester');
    assert.equal(openingRefusal({ ...SLOT, yearId: 25 }, DATE), 'notThisSemester');
  });

  test('a lesson of today shows its QR inside its window only, both ends included', () => {
    const window = lessonWindow(SLOT, DATE, SETTINGS);
    assert.equal(windowRefusal(window, window.start - 1), 'notYet');
    assert.equal(windowRefusal(window, window.start), null);
    assert.equal(windowRefusal(window, window.end), null);
    assert.equal(windowRefusal(window, window.end + 1), 'over');
  });
});

describe('qr-rules: the proof of presence', () => {
  const step = stepOf(NOW, SETTINGS.rotateMs);

  test('tokens and claims', () => {
    const token = { kind: 'token', token: tokenFor(5, SECRET, step) } as const;
    assert.equal(proofRefusal(token, SESSION, DEVICE, NOW, SETTINGS.rotateMs), null);
    assert.deepEqual(proofRefusal(token, undefined, DEVICE, NOW, SETTINGS.rotateMs), {
      status: 400,
      reason: 'tokenInvalid',
    });
    const later = NOW + 3 * SETTINGS.rotateMs;
    assert.equal(
      reason(proofRefusal(token, SESSION, DEVICE, later, SETTINGS.rotateMs)),
      'tokenExpired',
    );
    const forged = { ...SESSION, secret: OTHER_SECRET };
    assert.equal(
      reason(proofRefusal(token, forged, DEVICE, NOW, SETTINGS.rotateMs)),
      'tokenInvalid',
    );
    const claim = { kind: 'claim', claim: claimFor(5, SECRET, NOW + 60_000, DEVICE) } as const;
    assert.equal(proofRefusal(claim, SESSION, DEVICE, NOW, SETTINGS.rotateMs), null);
    assert.equal(
      reason(proofRefusal(claim, SESSION, 'other', NOW, SETTINGS.rotateMs)),
      'tokenInvalid',
    );
    assert.equal(
      reason(proofRefusal(claim, SESSION, DEVICE, NOW + 60_001, SETTINGS.rotateMs)),
      'tokenExpired',
    );
    assert.equal(tokenRefusal('ok'), null);
  });

  test('a typed code finds its lesson among the open ones, or is wrong', () => {
    const other = { id: 6, secret: OTHER_SECRET };
    const found = typedCodeSession(
      codeFor(5, SECRET, step),
      [other, SESSION],
      NOW,
      SETTINGS.rotateMs,
    );
    assert.equal(found, SESSION);
    const wrong = typedCodeSession(
      codeFor(5, SECRET, step - 5),
      [other, SESSION],
      NOW,
      SETTINGS.rotateMs,
    );
    assert.deepEqual(wrong, { status: 400, reason: 'codeWrong' });
    assert.equal(reason(typedCodeSession('123456', [], NOW, SETTINGS.rotateMs)), 'codeWrong');
  });
});

describe('qr-rules: the lesson', () => {
  const lesson = { session: SESSION, slot: SLOT, attends: true };
  const refused = (
    overrides: Partial<typeof lesson> = {},
    asked = {},
    placement = PLACEMENT,
    now = NOW,
  ): Refusal | null => lessonRefusal(asked, placement, { ...lesson, ...overrides }, now, SETTINGS);

  test('the student’s lesson, named by the QR, open and running, passes', () => {
    assert.equal(refused(), null);
    assert.equal(refused({}, { idShed: SLOT.id, idAud: SLOT.roomId }), null);
  });

  test('every refusal of the lesson, with its status', () => {
    assert.deepEqual(refused({ slot: undefined }), { status: 400, reason: 'tokenInvalid' });
    assert.deepEqual(refused({}, { idShed: 8 }), { status: 400, reason: 'wrongLesson' });
    assert.deepEqual(refused({}, { idAud: 12 }), { status: 400, reason: 'wrongRoom' });
    assert.deepEqual(refused({}, {}, { groupId: 4, subgroupId: 1 }), {
      status: 403,
      reason: 'notInGroup',
    });
    assert.equal(
      reason(refused({ slot: { ...SLOT, subgroupId: 2 } }, {}, PLACEMENT)),
      'notInGroup',
    );
    assert.deepEqual(refused({ attends: false }), { status: 403, reason: 'notInStream' });
    assert.deepEqual(refused({ session: { ...SESSION, open: false } }), {
      status: 409,
      reason: 'closed',
    });
    const before = Date.parse('2026-11-16T09:19:59+06:00');
    const after = Date.parse('2026-11-16T11:00:01+06:00');
    assert.deepEqual(refused({}, {}, PLACEMENT, before), { status: 409, reason: 'outsideWindow' });
    assert.equal(reason(refused({}, {}, PLACEMENT, after)), 'outsideWindow');
    assert.equal(refused({}, {}, PLACEMENT, Date.parse('2026-11-16T11:00:00+06:00')), null);
  });

  test('the order: the lesson named before the group, the group before the stream', () => {
    assert.equal(
      reason(refused({ attends: false }, { idShed: 8 }, { groupId: 4, subgroupId: 1 })),
      'wrongLesson',
    );
    assert.equal(
      reason(refused({ attends: false }, {}, { groupId: 4, subgroupId: 1 })),
      'notInGroup',
    );
  });
});

describe('qr-rules: the room', () => {
  test('in the room, or within the capped accuracy of it', () => {
    const here = placeOf({ x: SLOT.latitude, y: SLOT.longitude, accuracy: 8 }, SLOT, SETTINGS);
    assert.deepEqual(here, { distanceM: 0, accuracy: 8 });
    // About 89 m away: 60 m of room and 40 m of (capped) accuracy reach it.
    const near = { x: SLOT.latitude + 0.0008, y: SLOT.longitude };
    assert.equal(reason(placeOf({ ...near, accuracy: 100 }, SLOT, SETTINGS)), null);
    assert.deepEqual(placeOf({ ...near, accuracy: 10 }, SLOT, SETTINGS), {
      status: 403,
      reason: 'outsideGeofence',
    });
    assert.equal(reason(placeOf(near, SLOT, SETTINGS)), 'outsideGeofence');
    assert.equal(
      reason(placeOf({ x: SLOT.latitude + 0.01, y: SLOT.longitude }, SLOT, SETTINGS)),
      'outsideGeofence',
    );
  });

  test('a position too imprecise is refused, however close', () => {
    assert.deepEqual(
      placeOf({ x: SLOT.latitude, y: SLOT.longitude, accuracy: 151 }, SLOT, SETTINGS),
      { status: 403, reason: 'inaccurate' },
    );
    assert.equal(
      reason(placeOf({ x: SLOT.latitude, y: SLOT.longitude, accuracy: 150 }, SLOT, SETTINGS)),
      null,
    );
  });
});

describe('qr-rules: the check-in', () => {
  const facts: CheckInFacts = {
    challenge: { userId: STUDENT.uid, expiresAt: NOW + 60_000, valid: true },
    signer: { passkey: { userId: STUDENT.uid }, studentHasPhone: true, verifiedCounter: 3 },
    asked: { idShed: SLOT.id, idAud: SLOT.roomId },
    lesson: { session: SESSION, slot: SLOT, attends: true },
    position: { x: SLOT.latitude, y: SLOT.longitude, accuracy: 8 },
  };
  const decide = (overrides: Partial<CheckInFacts>, now = NOW) =>
    checkIn({ ...facts, ...overrides }, STUDENT, now, SETTINGS);

  test('signed by the student’s phone, in the lesson, in the room: a mark', () => {
    assert.deepEqual(decide({}), { distanceM: 0, accuracy: 8 });
  });

  test('the signature’s refusals', () => {
    assert.deepEqual(decide({ challenge: null }), { status: 400, reason: 'passkeyInvalid' });
    assert.equal(
      reason(decide({ challenge: { ...facts.challenge!, valid: false } })),
      'passkeyInvalid',
    );
    assert.equal(
      reason(decide({ challenge: { ...facts.challenge!, userId: 101 } })),
      'passkeyInvalid',
    );
    assert.deepEqual(decide({}, NOW + 60_001), { status: 400, reason: 'challengeExpired' });
    assert.deepEqual(
      decide({ signer: { passkey: undefined, studentHasPhone: false, verifiedCounter: null } }),
      { status: 403, reason: 'passkeyMissing' },
    );
    assert.deepEqual(
      decide({ signer: { passkey: undefined, studentHasPhone: true, verifiedCounter: null } }),
      { status: 403, reason: 'passkeyUnknown' },
    );
    assert.deepEqual(
      decide({ signer: { passkey: { userId: 101 }, studentHasPhone: true, verifiedCounter: 3 } }),
      { status: 403, reason: 'passkeyForeign' },
    );
    assert.deepEqual(decide({ signer: { ...facts.signer, verifiedCounter: null } }), {
      status: 400,
      reason: 'passkeyInvalid',
    });
    assert.equal(signerRefusal(facts.challenge, facts.signer, STUDENT, NOW), null);
  });

  test('then the lesson’s, then the room’s', () => {
    assert.equal(reason(decide({ lesson: undefined })), 'tokenInvalid');
    assert.equal(reason(decide({ asked: { idShed: 8 } })), 'wrongLesson');
    assert.equal(reason(decide({ asked: { idAud: 12 } })), 'wrongRoom');
    assert.equal(reason(decide({ lesson: { ...facts.lesson!, attends: false } })), 'notInStream');
    assert.equal(
      reason(decide({ lesson: { ...facts.lesson!, session: { ...SESSION, open: false } } })),
      'closed',
    );
    assert.equal(
      reason(
        decide(
          { challenge: { ...facts.challenge!, expiresAt: NOW + 86_400_000 } },
          Date.parse('2026-11-16T12:00:00+06:00'),
        ),
      ),
      'outsideWindow',
    );
    assert.equal(reason(decide({ position: { ...facts.position, accuracy: 500 } })), 'inaccurate');
    assert.equal(
      reason(decide({ position: { x: SLOT.latitude + 0.01, y: SLOT.longitude } })),
      'outsideGeofence',
    );
  });

  test('a foreign signature is refused before anything about the lesson or the room', () => {
    const decision = decide({
      challenge: { ...facts.challenge!, userId: 101 },
      lesson: { ...facts.lesson!, attends: false },
      position: { x: 0, y: 0 },
    });
    assert.equal(reason(decision), 'passkeyInvalid');
  });

  test('one device, and one passkey, check in one student a lesson', () => {
    assert.equal(visitRefusal('marked'), null);
    assert.equal(visitRefusal('repeat'), null);
    assert.deepEqual(visitRefusal('deviceUsed'), { status: 409, reason: 'deviceUsed' });
    assert.deepEqual(visitRefusal('passkeyUsed'), { status: 409, reason: 'passkeyUsed' });
  });
});
