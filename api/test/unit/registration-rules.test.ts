// Registration's rules without a database: every refusal code and its edges.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  attendRefusal,
  creditRefusal,
  creditsAdded,
  duplicateRefusal,
  electivesRefusal,
  isWindowOpen,
  leaveRefusal,
  missingRefusal,
  planRefusal,
  saveRefusal,
  seatRefusal,
  seatsLeft,
  semesterCredits,
  streamRefusal,
  windowRefusal,
  type SaveFacts,
  type SemesterLoad,
  type StreamKey,
  type Window,
} from '../../src/areas/registration/rules.js';
import { refusalText, windowDate } from '../../src/areas/registration/messages.js';

const OPENS = Date.UTC(2026, 8, 1, 3, 0);
const CLOSES = Date.UTC(2026, 8, 15, 3, 0);
const WINDOW: Window = { opensAt: OPENS, closesAt: CLOSES, electives: true };
const NOW = OPENS + 1000;
const TERM = { yearId: 26, ws: 1 };
const STREAM: StreamKey = {
  id: 7,
  teacherId: 3,
  disciplineId: 11,
  lessonTypeId: 1,
  yearId: 26,
  ws: 1,
};
const MANDATORY = { elective: false, credits: 4 };
const ELECTIVE = { elective: true, credits: 3 };

describe('the registration window', () => {
  test('opens at its opening instant and closes at its closing one', () => {
    assert.equal(isWindowOpen(WINDOW, OPENS - 1), false);
    assert.equal(isWindowOpen(WINDOW, OPENS), true);
    assert.equal(isWindowOpen(WINDOW, CLOSES - 1), true);
    assert.equal(isWindowOpen(WINDOW, CLOSES), false);
  });

  test('no window, electives not allowed, closed: each its code; open: none', () => {
    assert.deepEqual(windowRefusal(null, false, NOW), { code: 'noWindow' });
    const noElectives = { ...WINDOW, electives: false };
    assert.deepEqual(windowRefusal(noElectives, true, NOW), { code: 'electivesClosed' });
    assert.equal(windowRefusal(noElectives, false, NOW), null, 'mandatory ones still may');
    assert.deepEqual(windowRefusal(WINDOW, false, CLOSES), {
      code: 'windowClosed',
      opensAt: OPENS,
      closesAt: CLOSES,
    });
    assert.equal(windowRefusal(WINDOW, true, NOW), null);
  });

  test('a closed window for electives says electivesClosed before windowClosed', () => {
    const closedNoElectives = { ...WINDOW, electives: false };
    assert.deepEqual(windowRefusal(closedNoElectives, true, CLOSES), { code: 'electivesClosed' });
  });

  test('the closed window names its dates in the university time zone, in every language', () => {
    assert.equal(windowDate(Date.UTC(2020, 0, 10, 3, 0)), '10.01.2020 09:00');
    const text = refusalText({ code: 'windowClosed', opensAt: OPENS, closesAt: CLOSES });
    for (const lang of ['kg', 'ru', 'en'] as const) {
      assert.match(text[lang], /01\.09\.2026 09:00/);
      assert.match(text[lang], /15\.09\.2026 09:00/);
    }
    assert.match(text.en, /^Registration is open from/);
  });
});

describe('the plan', () => {
  test('a discipline outside the plan is refused', () => {
    assert.deepEqual(planRefusal(undefined), { code: 'notInPlan' });
    assert.deepEqual(planRefusal(undefined, 'elective'), { code: 'notInPlan' });
    assert.equal(planRefusal(MANDATORY), null);
    assert.equal(planRefusal(ELECTIVE), null);
  });

  test('each chain hands out only its own kind', () => {
    assert.equal(planRefusal(MANDATORY, 'mandatory'), null);
    assert.deepEqual(planRefusal(MANDATORY, 'elective'), { code: 'notInPlan' });
    assert.equal(planRefusal(ELECTIVE, 'elective'), null);
    assert.deepEqual(planRefusal(ELECTIVE, 'mandatory'), { code: 'notInPlan' });
  });
});

describe('the stream', () => {
  const wanted = { ...TERM, disciplineId: 11, teacherId: 3 };

  test('a stream of the discipline, teacher and semester offered to the group passes', () => {
    assert.equal(streamRefusal(STREAM, wanted, true), null);
  });

  test('a missing, foreign or not offered stream is a mismatch', () => {
    const mismatch = { code: 'streamMismatch' };
    assert.deepEqual(streamRefusal(undefined, wanted, true), mismatch);
    assert.deepEqual(streamRefusal(STREAM, wanted, false), mismatch);
    assert.deepEqual(streamRefusal({ ...STREAM, disciplineId: 12 }, wanted, true), mismatch);
    assert.deepEqual(streamRefusal({ ...STREAM, teacherId: 4 }, wanted, true), mismatch);
    assert.deepEqual(streamRefusal({ ...STREAM, yearId: 25 }, wanted, true), mismatch);
    assert.deepEqual(streamRefusal({ ...STREAM, ws: 2 }, wanted, true), mismatch);
  });

  test('without a named teacher (by lesson type) any teacher of the discipline passes', () => {
    const byType = { ...TERM, disciplineId: 11 };
    assert.equal(streamRefusal({ ...STREAM, teacherId: 4 }, byType, true), null);
  });
});

describe('credits, seats, duplicates, what is missing', () => {
  test('the credit limit is inclusive, and the refusal carries its numbers', () => {
    assert.equal(creditRefusal(3, 3, 6), null);
    assert.equal(creditRefusal(0, 6, 6), null);
    assert.deepEqual(creditRefusal(3, 4, 6), {
      code: 'creditLimit',
      taken: 3,
      credits: 4,
      limit: 6,
    });
    const text = refusalText({ code: 'creditLimit', taken: 3, credits: 4, limit: 6 });
    assert.equal(
      text.ru,
      'Превышен лимит кредитов: у вас в семестре 3, эта дисциплина добавит 4, а можно не более 6',
    );
    assert.equal(
      text.en,
      'Credit limit exceeded: you have 3 credits this semester, this discipline adds 4, and the limit is 6',
    );
    assert.match(text.kg, /3 кредит .* 4 кошот.* 6$/);
  });

  test('a registration that adds nothing is never refused for credits, even over the limit', () => {
    assert.equal(creditRefusal(40, 0, 35), null);
    assert.deepEqual(creditRefusal(40, 1, 35)?.code, 'creditLimit');
  });

  test('the semester’s credits: the disciplines studied and registered, each once', () => {
    // The demo student's fall: six disciplines of the group's plan, taught without streams.
    const group: SemesterLoad = {
      studied: [
        { disciplineId: 9, credits: 6 },
        { disciplineId: 17, credits: 4 },
        { disciplineId: 18, credits: 5 },
        { disciplineId: 19, credits: 6 },
        { disciplineId: 41, credits: 3 },
        { disciplineId: 37, credits: 3 },
      ],
      registered: [],
    };
    assert.equal(semesterCredits(group), 27, 'nothing registered is not 0 credits');
    assert.equal(semesterCredits({ studied: [], registered: [] }), 0);
    // A registration puts the student into its stream, so its lessons are studied too: once.
    const registered: SemesterLoad = {
      studied: [...group.studied, { disciplineId: 50, credits: 4 }],
      registered: [{ disciplineId: 50, credits: 4 }],
    };
    assert.equal(semesterCredits(registered), 31);
    // One discipline in several lessons (lecture, practice, labs) counts once.
    const lessons: SemesterLoad = {
      studied: [
        { disciplineId: 9, credits: 6 },
        { disciplineId: 9, credits: 6 },
      ],
      registered: [],
    };
    assert.equal(semesterCredits(lessons), 6);
    // A registration's own credits win over what its lessons say.
    assert.equal(
      semesterCredits({
        studied: [{ disciplineId: 50, credits: 5 }],
        registered: [{ disciplineId: 50, credits: 4 }],
      }),
      4,
    );
    // A registration whose lessons are not (or no longer) listed still counts.
    assert.equal(
      semesterCredits({ studied: group.studied, registered: [{ disciplineId: 60, credits: 5 }] }),
      32,
    );
  });

  test('registering adds the discipline’s credits, or nothing when it is studied already', () => {
    const load: SemesterLoad = {
      studied: [{ disciplineId: 9, credits: 6 }],
      registered: [{ disciplineId: 50, credits: 4 }],
    };
    assert.equal(creditsAdded(load, { disciplineId: 51, credits: 5 }), 5);
    assert.equal(creditsAdded(load, { disciplineId: 9, credits: 6 }), 0);
    assert.equal(creditsAdded(load, { disciplineId: 50, credits: 4 }), 0);
  });

  test('seats left never go below zero; a stream with none takes nobody', () => {
    assert.equal(seatsLeft({ capacity: 30, taken: 29 }), 1);
    assert.equal(seatsLeft({ capacity: 30, taken: 30 }), 0);
    assert.equal(seatsLeft({ capacity: 30, taken: 31 }), 0);
    assert.equal(seatRefusal({ capacity: 30, taken: 29 }), null);
    assert.deepEqual(seatRefusal({ capacity: 30, taken: 30 }), { code: 'streamFull' });
    assert.deepEqual(seatRefusal({ capacity: 0, taken: 0 }), { code: 'streamFull' });
    assert.deepEqual(seatRefusal(undefined), { code: 'streamFull' });
  });

  test('a second registration of the discipline is refused', () => {
    assert.equal(duplicateRefusal(undefined), null);
    assert.deepEqual(duplicateRefusal(5), { code: 'duplicate' });
  });

  test('a registration gone meanwhile is missing', () => {
    assert.deepEqual(missingRefusal(undefined), { code: 'missing' });
    assert.equal(missingRefusal(0), null);
  });
});

describe('a save: every rule in its order', () => {
  const facts: SaveFacts = {
    term: TERM,
    choice: { disciplineId: 11, teacherId: 3 },
    entry: MANDATORY,
    window: WINDOW,
    stream: STREAM,
    offered: true,
    existing: undefined,
    load: { studied: [], registered: [] },
    creditLimit: 30,
    now: NOW,
  };
  const code = (changes: Partial<SaveFacts>) => saveRefusal({ ...facts, ...changes })?.code;
  /** A load of `credits` in disciplines other than the one saved. */
  const carrying = (credits: number): SemesterLoad => ({
    studied: [{ disciplineId: 90, credits }],
    registered: [],
  });

  test('a save that breaks no rule passes', () => {
    assert.equal(saveRefusal(facts), null);
    assert.equal(code({ load: carrying(26) }), undefined, '26 + 4 = 30 is still within the limit');
  });

  test('each rule refuses alone', () => {
    assert.equal(code({ entry: undefined }), 'notInPlan');
    assert.equal(code({ window: null }), 'noWindow');
    assert.equal(code({ now: CLOSES }), 'windowClosed');
    assert.equal(
      code({ entry: ELECTIVE, window: { ...WINDOW, electives: false } }),
      'electivesClosed',
    );
    assert.equal(code({ stream: undefined }), 'streamMismatch');
    assert.equal(code({ offered: false }), 'streamMismatch');
    assert.equal(code({ existing: 9 }), 'duplicate');
    assert.equal(code({ load: carrying(27) }), 'creditLimit');
  });

  test('the limit counts the disciplines studied without registering, and the refusal says so', () => {
    const load: SemesterLoad = {
      studied: [
        { disciplineId: 1, credits: 6 },
        { disciplineId: 2, credits: 5 },
      ],
      registered: [{ disciplineId: 3, credits: 4 }],
    };
    assert.deepEqual(saveRefusal({ ...facts, load, creditLimit: 18 }), {
      code: 'creditLimit',
      taken: 15,
      credits: 4,
      limit: 18,
    });
    assert.equal(code({ load, creditLimit: 19 }), undefined);
    // A discipline the student already studies (its lessons have no stream) adds nothing.
    const studied = {
      studied: [{ disciplineId: 11, credits: 4 }, ...load.studied],
      registered: [],
    };
    assert.equal(code({ load: studied, creditLimit: 10 }), undefined);
  });

  test('electives need a window that allows them; mandatory ones do not', () => {
    assert.equal(code({ window: { ...WINDOW, electives: false } }), undefined);
  });

  test('the plan comes first, then the window, the stream, a duplicate, the credits', () => {
    const everything: Partial<SaveFacts> = {
      entry: undefined,
      now: CLOSES,
      offered: false,
      existing: 9,
      load: carrying(100),
    };
    assert.equal(code(everything), 'notInPlan');
    assert.equal(code({ ...everything, entry: MANDATORY }), 'windowClosed');
    assert.equal(code({ ...everything, entry: MANDATORY, now: NOW }), 'streamMismatch');
    assert.equal(code({ ...everything, entry: MANDATORY, now: NOW, offered: true }), 'duplicate');
    assert.equal(
      code({ ...everything, entry: MANDATORY, now: NOW, offered: true, existing: undefined }),
      'creditLimit',
    );
  });
});

describe('by lesson type: attend and leave', () => {
  const facts = {
    registration: { ...TERM, disciplineId: 11 },
    entry: ELECTIVE,
    window: WINDOW,
    stream: { ...STREAM, teacherId: 99, lessonTypeId: 2 },
    offered: true,
    now: NOW,
  };

  test('another teacher’s stream of the discipline may be attended in the window', () => {
    assert.equal(attendRefusal(facts), null);
  });

  test('the window (electives too), then the stream', () => {
    assert.equal(attendRefusal({ ...facts, now: CLOSES })?.code, 'windowClosed');
    assert.equal(
      attendRefusal({ ...facts, window: { ...WINDOW, electives: false } })?.code,
      'electivesClosed',
    );
    assert.equal(
      attendRefusal({ ...facts, entry: MANDATORY, window: { ...WINDOW, electives: false } }),
      null,
    );
    assert.equal(
      attendRefusal({ ...facts, entry: undefined, window: { ...WINDOW, electives: false } }),
      null,
      'a registration whose discipline left the plan counts as mandatory',
    );
    assert.equal(attendRefusal({ ...facts, offered: false })?.code, 'streamMismatch');
    assert.equal(
      attendRefusal({ ...facts, stream: { ...STREAM, disciplineId: 12 } })?.code,
      'streamMismatch',
    );
    assert.equal(attendRefusal({ ...facts, offered: false, now: CLOSES })?.code, 'windowClosed');
  });

  test('a lesson type not attended is missing; the last one stays', () => {
    assert.equal(leaveRefusal([1, 2], 2), null);
    assert.deepEqual(leaveRefusal([1, 2], 3), { code: 'missing' });
    assert.deepEqual(leaveRefusal([1], 1), { code: 'lastLessonType' });
    assert.deepEqual(leaveRefusal([], 1), { code: 'missing' });
  });
});

describe('elective permission', () => {
  test('no electives in the plan, then the window decides', () => {
    assert.deepEqual(electivesRefusal(0, WINDOW, NOW), { code: 'notInPlan' });
    assert.deepEqual(electivesRefusal(2, null, NOW), { code: 'noWindow' });
    assert.deepEqual(electivesRefusal(2, { ...WINDOW, electives: false }, NOW), {
      code: 'electivesClosed',
    });
    assert.equal(electivesRefusal(2, WINDOW, CLOSES)?.code, 'windowClosed');
    assert.equal(electivesRefusal(2, WINDOW, NOW), null);
  });
});

describe('every refusal is worded in every language', () => {
  test('kg, ru and en differ and are not empty', () => {
    const refusals = [
      { code: 'notInPlan' },
      { code: 'electivesClosed' },
      { code: 'noWindow' },
      { code: 'streamMismatch' },
      { code: 'streamFull' },
      { code: 'duplicate' },
      { code: 'missing' },
      { code: 'lastLessonType' },
      { code: 'windowClosed', opensAt: OPENS, closesAt: CLOSES },
      { code: 'creditLimit', taken: 1, credits: 2, limit: 2 },
    ] as const;
    for (const refusal of refusals) {
      const text = refusalText(refusal);
      assert.ok(text.kg && text.ru && text.en, refusal.code);
      assert.equal(new Set([text.kg, text.ru, text.en]).size, 3, refusal.code);
    }
  });
});
