import type { PasskeyAssertion, QrVisitEvent } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Language } from '../../lib/catalogue-names.js';
import { ApiError } from '../../lib/http.js';
import type { ThrottleRepository } from '../auth/index.js';
import type { Actor } from '../../access/index.js';
import type { AuditTrail } from '../audit/index.js';
import {
  checkInCell,
  recordCell,
  type GroupPlacement,
  type JournalRepository,
} from '../journal/index.js';
import {
  localDate,
  type ScheduleOptions,
  type ScheduleRepository,
  type SlotRecord,
} from '../schedule/index.js';
import { QR_REFUSAL_MESSAGES } from './messages.js';
import type { PasskeyRepository } from './passkey-repository.js';
import {
  checkInChallenge,
  checkInChallengeValid,
  checkInOptions,
  parseCheckInChallenge,
  PASSKEY_CHALLENGE_TTL_MS,
  passkeyHash,
  signedChallenge,
  verifyCheckIn,
  type PasskeySettings,
} from './passkeys.js';
import {
  checkIn,
  isRefusal,
  lessonRefusal,
  proofRefusal,
  signerRefusal,
  typedCodeSession,
  visitRefusal,
  type AskedLesson,
  type Position,
  type ProvenLesson,
  type Refusal,
  type SignedChallenge,
  type SigningPasskey,
} from './rules.js';
import { claimFor, parseToken } from './proofs.js';
import { visitWrites, type QrRepository, type QrSessionRecord } from './repository.js';

/** A refusal as the error the student reads, in their language. */
export const refusalError = (refusal: Refusal) =>
  new ApiError(refusal.status, QR_REFUSAL_MESSAGES[refusal.reason]);

const TOKEN_INVALID: Refusal = { status: 400, reason: 'tokenInvalid' };

const refuseIf = (refusal: Refusal | null) => {
  if (refusal) throw refusalError(refusal);
};

/** The student checking in, from which device, when. */
export interface CheckingIn {
  studentId: number;
  uid: number;
  placement: GroupPlacement;
  deviceHash: string;
  now: number;
  /** The language catalogue names (the lesson's discipline) are read in. */
  lang: Language;
  /** The author of the cell's change, for the audit trail. */
  actor: Actor;
}

/** The proof of presence of the first step: the QR's token, a claim of it, or the typed code. */
export interface PresenceProof extends AskedLesson {
  token?: string;
  claim?: string;
  code?: string;
}

/** What the check-in works with: the database, the repositories it asks, its bus and settings. */
export interface CheckInCollaborators {
  db: Kysely<Database>;
  schedule: ScheduleRepository;
  qr: QrRepository;
  passkeys: PasskeyRepository;
  throttle: ThrottleRepository;
  /** The journal: the check-in's cell is written on the check-in's transaction. */
  journal: JournalRepository;
  /** The audit trail: the cell's change is recorded on the same transaction. */
  trail: AuditTrail;
  /** Tells the lesson's live list of a stored check-in (the visit bus). */
  publishVisit: (event: QrVisitEvent) => Promise<void>;
  /** The QR's settings (the rotation, the claims' lifetime, the window, the room's margins). */
  settings: ScheduleOptions;
  /** The relying party of the students' phones. */
  passkeySettings: PasskeySettings;
}

/**
 * The QR check-in: the claims of a scanned token, the challenge the phone signs, and the visit.
 * It gathers the facts, asks the rules (rules.ts) and writes what they decide in one
 * transaction.
 */
export function createCheckInService(collaborators: CheckInCollaborators) {
  const { db, schedule, qr, passkeys, throttle, journal, publishVisit, settings } = collaborators;
  const { passkeySettings, trail } = collaborators;

  /** A claim of the session for this device, good for the claim's lifetime. */
  const claimOf = (session: QrSessionRecord, deviceHash: string, now: number) => {
    const expiresAt = now + settings.claimTtlMs;
    return { claim: claimFor(session.id, session.secret, expiresAt, deviceHash), expiresAt };
  };

  /** The session a proof names (before the proof is checked). */
  const namedSession = async (proof: string) => {
    const parsed = parseToken(proof);
    return parsed ? qr.session(parsed.sessionId) : undefined;
  };

  /** The lesson of a session as the rules need it, in the student's eyes. */
  const provenLesson = async (
    session: QrSessionRecord,
    who: Pick<CheckingIn, 'studentId' | 'placement' | 'lang'>,
  ): Promise<ProvenLesson & { slot: SlotRecord | undefined }> => {
    const slot = await schedule.slot(who.lang, session.slotId);
    const attends =
      slot !== undefined &&
      (await schedule.attends({ ...who.placement, studentId: who.studentId }, slot.id));
    return { session, slot, attends };
  };

  /** The lesson of a proof of presence; the typed code's guesses are counted (too many: 429). */
  const provenSession = async (
    proof: PresenceProof,
    who: CheckingIn,
    retryAfter: (seconds: number) => void,
  ): Promise<QrSessionRecord> => {
    const scanned =
      proof.token !== undefined
        ? ({ kind: 'token', token: proof.token } as const)
        : proof.claim !== undefined
          ? ({ kind: 'claim', claim: proof.claim } as const)
          : undefined;
    if (scanned) {
      const session = await namedSession(scanned.kind === 'token' ? scanned.token : scanned.claim);
      const refusal = proofRefusal(scanned, session, who.deviceHash, who.now, settings.rotateMs);
      if (refusal || !session) throw refusalError(refusal ?? TOKEN_INVALID);
      return session;
    }
    if (proof.code === undefined) throw refusalError(TOKEN_INVALID);
    const candidates = await qr.openSessionsFor(
      who.placement.groupId,
      who.placement.subgroupId,
      localDate(who.now, settings.utcOffsetMinutes),
    );
    // Counted before it is checked, so simultaneous guesses are counted one by one.
    const wait = await throttle.typedCode(who.studentId, who.now);
    if (wait > 0) {
      retryAfter(Math.ceil(wait / 1000));
      throw refusalError({ status: 429, reason: 'tooManyCodes' });
    }
    const session = typedCodeSession(proof.code, candidates, who.now, settings.rotateMs);
    if (isRefusal(session)) throw refusalError(session);
    await throttle.forgiveCode(who.studentId);
    return session;
  };

  return {
    /** Trades a fresh token for a claim bound to the device: the claim, or why not. */
    async claim(token: string, device: () => string, now: number) {
      const session = await namedSession(token);
      const refusal = proofRefusal({ kind: 'token', token }, session, '', now, settings.rotateMs);
      if (refusal || !session) return refusal ?? TOKEN_INVALID;
      return claimOf(session, device(), now);
    },

    /**
     * The first step of a check-in: the proof of presence becomes a claim of the lesson for this
     * device and, when the student has a registered phone, the challenge its passkey signs.
     */
    async challenge(proof: PresenceProof, who: CheckingIn, retryAfter: (seconds: number) => void) {
      const session = await provenSession(proof, who, retryAfter);
      const lesson = await provenLesson(session, who);
      refuseIf(lessonRefusal(proof, who.placement, lesson, who.now, settings));
      const registered = (await passkeys.passkeysOf(who.uid)).length > 0;
      const ceremony = registered
        ? await checkInOptions(
            passkeySettings,
            checkInChallenge(session, who.uid, who.now + PASSKEY_CHALLENGE_TTL_MS),
          )
        : null;
      return { ...claimOf(session, who.deviceHash, who.now), options: ceremony };
    },

    /** The check-in: the registered phone's passkey signed the lesson's challenge, in the room. */
    async visit(body: AskedLesson & Position & { passkey: PasskeyAssertion }, who: CheckingIn) {
      // The challenge names the lesson and the student; the lesson's secret signed it.
      const text = signedChallenge(body.passkey.response.clientDataJSON);
      const named = text ? parseCheckInChallenge(text) : null;
      const session = named ? await qr.session(named.sessionId) : undefined;
      const challenge: SignedChallenge | null =
        text && named && session
          ? {
              userId: named.userId,
              expiresAt: named.expiresAt,
              valid: checkInChallengeValid(text, session),
            }
          : null;
      // The phone's passkey: registered, and by this student.
      const passkey = await passkeys.passkeyByCredential(body.passkey.id);
      const signer: SigningPasskey = {
        passkey,
        studentHasPhone: passkey !== undefined || (await passkeys.passkeysOf(who.uid)).length > 0,
        verifiedCounter:
          passkey && passkey.userId === who.uid
            ? await verifyCheckIn(passkeySettings, body.passkey, passkey)
            : null,
      };
      const signed = signerRefusal(challenge, signer, who, who.now) === null;
      const lesson = signed && session ? await provenLesson(session, who) : undefined;
      const decision = checkIn(
        { challenge, signer, asked: body, lesson, position: body },
        who,
        who.now,
        settings,
      );
      const counter = signer.verifiedCounter ?? 0;
      const spendCounter = signed && passkey !== undefined && counter > passkey.counter;
      const outcome =
        (spendCounter || !isRefusal(decision)) && passkey && session
          ? await db.transaction().execute(async (trx) => {
              const writes = visitWrites(trx);
              if (spendCounter) await writes.passkeyCounter(passkey.id, counter);
              if (isRefusal(decision)) return undefined;
              const stored = await writes.recordVisit({
                session,
                studentId: who.studentId,
                uid: who.uid,
                deviceHash: who.deviceHash,
                passkeyHash: passkeyHash(passkey.credentialId),
                latitude: body.x,
                longitude: body.y,
                accuracy: decision.accuracy,
                distanceM: decision.distanceM,
                now: who.now,
              });
              if (stored === 'marked') {
                // The journal's rule: the cell becomes "present" unless the teacher graded it.
                const cell = { lessonId: session.journalLessonId, studentId: who.studentId };
                await trail.hold(trx);
                const before = await journal.markOf(trx, cell);
                if (checkInCell(before) === 'present') {
                  const after = await journal.writeCheckIn(trx, cell, who.uid, who.now);
                  await recordCell(trail, trx, who.actor, cell, before, after, who.now);
                }
                await writes.passkeyUsed(passkey.id, who.now);
              }
              return stored;
            })
          : undefined;
      if (isRefusal(decision)) throw refusalError(decision);
      if (!outcome || !lesson?.slot || !session) throw refusalError(TOKEN_INVALID);
      refuseIf(visitRefusal(outcome));
      if (outcome === 'marked') {
        await publishVisit({
          id_qr: session.id,
          id_student: who.studentId,
          source: 'qr',
          present: true,
        });
      }
      return { marked: outcome === 'marked', slot: lesson.slot, session };
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
