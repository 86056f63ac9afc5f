import type { QrRefusal } from '@lms/shared/contract';
import {
  dayNumberOf,
  instantOf,
  semesterOf,
  weekMatches,
  type ScheduleOptions,
} from '../schedule/index.js';
import {
  checkClaim,
  checkToken,
  codeMatches,
  distanceMetres,
  stepOf,
  type TokenCheck,
} from './proofs.js';
import { inLessonGroup, type GroupPlacement } from '../journal/index.js';

// The QR check-in's decisions: pure functions of what was looked up and of the clock. No database,
// no HTTP: the service (service.ts) gathers the facts, asks here, and writes what is decided.

/** Why a check-in is refused, with the HTTP status it is answered with. */
export interface Refusal {
  status: 400 | 403 | 409 | 429;
  reason: QrRefusal;
}

const refuse = (status: Refusal['status'], reason: QrRefusal): Refusal => ({ status, reason });

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'reason' in value && 'status' in value;

/** The settings the decisions read. */
export type CheckInSettings = Pick<
  ScheduleOptions,
  'utcOffsetMinutes' | 'marginMinutes' | 'rotateMs' | 'maxAccuracyM' | 'accuracyCapM'
>;

/** A timetable slot as the decisions see it. */
export interface LessonSlot {
  id: number;
  yearId: number;
  ws: number;
  dayNumber: number;
  weekKind: number;
  start: string;
  end: string;
  groupId: number;
  subgroupId: number | null;
  roomId: number;
  latitude: number;
  longitude: number;
  radiusM: number;
}

/** A QR session as the decisions see it. */
export interface LessonSession {
  id: number;
  date: string;
  secret: string;
  open: boolean;
}

/** When marks are taken: from the margin before the lesson starts to the margin after it ends. */
export function lessonWindow(
  slot: Pick<LessonSlot, 'start' | 'end'>,
  date: string,
  settings: Pick<CheckInSettings, 'utcOffsetMinutes' | 'marginMinutes'>,
): { start: number; end: number } {
  const margin = settings.marginMinutes * 60_000;
  return {
    start: instantOf(date, slot.start, settings.utcOffsetMinutes) - margin,
    end: instantOf(date, slot.end, settings.utcOffsetMinutes) + margin,
  };
}

/**
 * May the teacher open the slot's QR on the local `date`? A lesson of another semester (a
 * bookmarked one) must not open a journal lesson today, nor a lesson of another day.
 */
export function openingRefusal(
  slot: Pick<LessonSlot, 'yearId' | 'ws' | 'dayNumber' | 'weekKind'>,
  date: string,
): 'notThisSemester' | 'notToday' | null {
  const running = semesterOf(date);
  if (slot.yearId !== running.yearId || slot.ws !== running.ws) return 'notThisSemester';
  if (dayNumberOf(date) !== slot.dayNumber || !weekMatches(slot.weekKind, date)) return 'notToday';
  return null;
}

/**
 * Is the lesson's QR shown at `now`? Only inside its window (lessonWindow): before it the code
 * would be scanned by nobody in the room yet, after it nobody is let in by it.
 */
export function windowRefusal(
  window: { start: number; end: number },
  now: number,
): 'notYet' | 'over' | null {
  if (now < window.start) return 'notYet';
  if (now > window.end) return 'over';
  return null;
}

/** A token's or a claim's check as a refusal (none when it is good). */
export function tokenRefusal(check: TokenCheck): Refusal | null {
  if (check === 'ok') return null;
  return refuse(400, check === 'expired' ? 'tokenExpired' : 'tokenInvalid');
}

/** A proof of presence read off the screen: the QR's token, or a claim of it made on this device. */
export type ScannedProof = { kind: 'token'; token: string } | { kind: 'claim'; claim: string };

/**
 * Is the scanned proof good for the session it names (`undefined` when no such session)? A token
 * is good for its step and the next; a claim until it expires, and only on the device it was
 * made on.
 */
export function proofRefusal(
  proof: ScannedProof,
  session: Pick<LessonSession, 'secret'> | undefined,
  deviceHash: string,
  now: number,
  rotateMs: number,
): Refusal | null {
  if (!session) return refuse(400, 'tokenInvalid');
  return tokenRefusal(
    proof.kind === 'token'
      ? checkToken(proof.token, session.secret, stepOf(now, rotateMs))
      : checkClaim(proof.claim, session.secret, deviceHash, now),
  );
}

/** The lesson whose code (of this step or the one before) was typed, among today's open ones. */
export function typedCodeSession<S extends Pick<LessonSession, 'id' | 'secret'>>(
  code: string,
  candidates: readonly S[],
  now: number,
  rotateMs: number,
): S | Refusal {
  const step = stepOf(now, rotateMs);
  return (
    candidates.find((s) => codeMatches(code, s.id, s.secret, step)) ?? refuse(400, 'codeWrong')
  );
}

/** What the QR named (the scan screen sends them on): its lesson and its room. */
export interface AskedLesson {
  idShed?: number;
  idAud?: number;
}

/** The lesson a proof led to, as looked up: its slot (if any) and the student's stream. */
export interface ProvenLesson {
  session: Pick<LessonSession, 'date' | 'open'>;
  slot: LessonSlot | undefined;
  /** The student attends the slot (an elective's stream is its members' only). */
  attends: boolean;
}

/** The lesson is the student's, the one the QR named, open and running now. */
export function lessonRefusal(
  asked: AskedLesson,
  placement: GroupPlacement,
  lesson: ProvenLesson,
  now: number,
  settings: Pick<CheckInSettings, 'utcOffsetMinutes' | 'marginMinutes'>,
): Refusal | null {
  const { slot, session } = lesson;
  if (!slot) return refuse(400, 'tokenInvalid');
  if (asked.idShed !== undefined && asked.idShed !== slot.id) return refuse(400, 'wrongLesson');
  if (asked.idAud !== undefined && asked.idAud !== slot.roomId) return refuse(400, 'wrongRoom');
  if (!inLessonGroup(placement, slot)) return refuse(403, 'notInGroup');
  if (!lesson.attends) return refuse(403, 'notInStream');
  if (!session.open) return refuse(409, 'closed');
  const window = lessonWindow(slot, session.date, settings);
  if (now < window.start || now > window.end) return refuse(409, 'outsideWindow');
  return null;
}

/** Where the phone says it is. */
export interface Position {
  x: number;
  y: number;
  accuracy?: number | null;
}

/** Where a mark was made: its distance from the room and the accuracy the phone claimed. */
export interface Place {
  distanceM: number;
  accuracy: number | null;
}

/**
 * Is the phone in the room? A position less accurate than the maximum is refused; the claimed
 * accuracy widens the room only up to the cap, so a phone cannot claim its way in.
 */
export function placeOf(
  position: Position,
  room: Pick<LessonSlot, 'latitude' | 'longitude' | 'radiusM'>,
  settings: Pick<CheckInSettings, 'maxAccuracyM' | 'accuracyCapM'>,
): Place | Refusal {
  const accuracy = position.accuracy ?? null;
  if (accuracy !== null && accuracy > settings.maxAccuracyM) return refuse(403, 'inaccurate');
  const distanceM = distanceMetres(position.x, position.y, room.latitude, room.longitude);
  const allowance = Math.min(accuracy ?? 0, settings.accuracyCapM);
  if (distanceM - allowance > room.radiusM) return refuse(403, 'outsideGeofence');
  return { distanceM, accuracy };
}

/** The check-in challenge the phone signed, as read and checked against its lesson's secret. */
export interface SignedChallenge {
  /** The student the challenge was made for (users.id). */
  userId: number;
  expiresAt: number;
  /** Its MAC is the lesson's (false also when the lesson it names does not exist). */
  valid: boolean;
}

/** The phone's passkey that signed, as looked up by its credential. */
export interface SigningPasskey {
  /** The registered passkey (undefined when the credential is not registered). */
  passkey: { userId: number } | undefined;
  /** The student has some registered phone (only asked when the passkey is unknown). */
  studentHasPhone: boolean;
  /** The assertion verified against the passkey: its new counter, or null when it did not. */
  verifiedCounter: number | null;
}

/** The student checking in: their account and where they study. */
export interface CheckingStudent {
  uid: number;
  placement: GroupPlacement;
}

/**
 * Did the student's own registered phone sign this lesson's challenge for them, in time? Once it
 * did, the assertion's counter is spent whatever the rest of the check-in decides.
 */
export function signerRefusal(
  challenge: SignedChallenge | null,
  signer: SigningPasskey,
  student: Pick<CheckingStudent, 'uid'>,
  now: number,
): Refusal | null {
  if (!challenge || !challenge.valid || challenge.userId !== student.uid) {
    return refuse(400, 'passkeyInvalid');
  }
  if (now > challenge.expiresAt) return refuse(400, 'challengeExpired');
  if (!signer.passkey) {
    return refuse(403, signer.studentHasPhone ? 'passkeyUnknown' : 'passkeyMissing');
  }
  if (signer.passkey.userId !== student.uid) return refuse(403, 'passkeyForeign');
  if (signer.verifiedCounter === null) return refuse(400, 'passkeyInvalid');
  return null;
}

/** Everything a check-in is decided on. */
export interface CheckInFacts {
  /** The signed challenge, or null when the assertion signed none of ours. */
  challenge: SignedChallenge | null;
  signer: SigningPasskey;
  asked: AskedLesson;
  /** The lesson the challenge names (undefined when it names none). */
  lesson: ProvenLesson | undefined;
  position: Position;
}

/**
 * The check-in's decision: the mark's place, or why it is refused. The order is the refusals'
 * order of precedence: the signature first (who signs for which lesson), then the lesson, then
 * the room.
 */
export function checkIn(
  facts: CheckInFacts,
  student: CheckingStudent,
  now: number,
  settings: CheckInSettings,
): Place | Refusal {
  const signer = signerRefusal(facts.challenge, facts.signer, student, now);
  if (signer) return signer;
  const { lesson } = facts;
  if (!lesson?.slot) return refuse(400, 'tokenInvalid');
  const refusal = lessonRefusal(facts.asked, student.placement, lesson, now, settings);
  if (refusal) return refusal;
  return placeOf(facts.position, lesson.slot, settings);
}

/** What storing a visit found (the unique keys decide, so simultaneous check-ins too). */
export type VisitOutcome = 'marked' | 'repeat' | 'deviceUsed' | 'passkeyUsed';

/** A visit's outcome as a refusal: one device, and one passkey, check in one student a lesson. */
export function visitRefusal(outcome: VisitOutcome): Refusal | null {
  if (outcome === 'deviceUsed') return refuse(409, 'deviceUsed');
  if (outcome === 'passkeyUsed') return refuse(409, 'passkeyUsed');
  return null;
}
