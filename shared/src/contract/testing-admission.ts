import { Type, type Static } from '@sinclair/typebox';
import { Id } from './envelope.js';

// Testing's controlled start and live monitoring (api/src/areas/testing/admission.ts).
//
// student/start.json answers 200 either with the attempt (AttemptView: the student is admitted,
// their timer runs from this moment on the server's clock) or with a wait (TestingAdmissionWait:
// `waiting: true`). A wait is not an error: the student keeps their place and asks start.json
// again after `retryAfterMs`; their timer has not started. Refusals (window closed, no attempts
// left, not their test) stay 4xx with a message in the caller's language.

/** An instant as epoch milliseconds on the server's clock. */
const Instant = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 });

/** The longest a waiting student is told to wait before asking again. */
export const TESTING_ADMISSION_RETRY_MAX_MS = 15_000;

export const TestingAdmissionWait = Type.Object({
  /** Always true: tells a wait from an attempt. */
  waiting: Type.Literal(true),
  testId: Id,
  /** 1: next to be admitted. */
  place: Type.Integer({ minimum: 1, examples: [12] }),
  /** Ask start.json again after this many milliseconds. */
  retryAfterMs: Type.Integer({
    minimum: 0,
    maximum: TESTING_ADMISSION_RETRY_MAX_MS,
    examples: [2000],
  }),
  /** The server's instant from which the student is admitted (the timer starts then, or later). */
  admitAt: Instant,
  /** The server's clock when it answered. */
  serverNow: Instant,
});
export type TestingAdmissionWait = Static<typeof TestingAdmissionWait>;

/**
 * Where a student is in a test, for its teacher: not started, waiting in the start queue,
 * admitted (their slot came, the attempt not opened yet), taking it, or finished.
 */
export const TESTING_MONITOR_STATES = [
  'absent',
  'waiting',
  'admitted',
  'taking',
  'finished',
] as const;
export type TestingMonitorState = (typeof TESTING_MONITOR_STATES)[number];

export const TestingMonitorRow = Type.Object({
  studentId: Id,
  student: Type.String(),
  group: Type.String(),
  state: Type.Union(TESTING_MONITOR_STATES.map((state) => Type.Literal(state))),
  /** Their place in the start queue while waiting. */
  place: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** The latest attempt's number, start and deadline (null: none). */
  attempt: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  startedAt: Type.Union([Instant, Type.Null()]),
  deadline: Type.Union([Instant, Type.Null()]),
  /** Questions answered of those drawn (the latest attempt). */
  answered: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  /** The server's clock at their device's last call (while waiting or taking). */
  lastContactAt: Type.Union([Instant, Type.Null()]),
  /** Waiting or taking, and heard from within `offlineAfterMs`. */
  online: Type.Boolean(),
});
export type TestingMonitorRow = Static<typeof TestingMonitorRow>;

/** teacher/monitor.json: a test's students now, for the teacher of the test only. */
export const TestingMonitorResponse = Type.Object({
  testId: Id,
  title: Type.String(),
  serverNow: Instant,
  /** A device not heard from for this long is shown offline. */
  offlineAfterMs: Type.Integer({ minimum: 0 }),
  /** Starts admitted per second (the test's queue, across every API process). */
  startsPerSecond: Type.Number({ exclusiveMinimum: 0 }),
  rows: Type.Array(TestingMonitorRow),
});
export type TestingMonitorResponse = Static<typeof TestingMonitorResponse>;
