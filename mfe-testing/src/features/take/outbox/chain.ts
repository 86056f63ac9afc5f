import {
  chainGenesisText,
  chainLinkText,
  type TestingAnswerValue,
  type TestingChainLink,
} from '@lms/shared';

/**
 * The device's hash chain of an attempt (the encoding: shared/src/contract/testing-chain.ts;
 * what it proves: docs/security.md). Every answer this tab records is the next link: its digest
 * (SHA-256 by WebCrypto) covers the previous one, the attempt, the question, the answer, its
 * number and the device's clock. The chain's head and the device's random id live in the tab's
 * sessionStorage, so a reload, online or not, goes on with the same chain; another tab (or a
 * page opened anew) is another device with a chain of its own. Links are made one at a time, in
 * the order the answers were given, and each is queued (`keep`) before the next is made.
 */

interface ChainState {
  device: string;
  seq: number;
  head: string;
  /** The device's clock of the last link (a link's time never goes back). */
  at: number;
}

export interface RecordedAnswer {
  questionId: number;
  version: number;
  response: TestingAnswerValue;
}

const storageKey = (uid: number, attemptId: number) => `lms-testing-chain:${uid}:${attemptId}`;

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a text's UTF-8 bytes, lowercase hex; null where WebCrypto is not offered. */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  return hex(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function newDevice(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `d${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

function read(uid: number, attemptId: number): ChainState | null {
  try {
    const kept = sessionStorage.getItem(storageKey(uid, attemptId));
    return kept ? (JSON.parse(kept) as ChainState) : null;
  } catch {
    return null;
  }
}

function write(uid: number, attemptId: number, state: ChainState): void {
  try {
    sessionStorage.setItem(storageKey(uid, attemptId), JSON.stringify(state));
  } catch {
    // A storage that refuses (private mode, full): the chain lives for the page only.
  }
}

/** Chains for the page where sessionStorage refuses. */
const inMemory = new Map<string, ChainState>();
/** The links being made, per attempt: each waits for the one before it. */
const tails = new Map<string, Promise<unknown>>();

/** The next link of the attempt's chain for `answer`, or null without WebCrypto. */
async function nextLink(
  uid: number,
  attemptId: number,
  answer: RecordedAnswer,
  now: number,
): Promise<TestingChainLink | null> {
  const key = storageKey(uid, attemptId);
  let state = read(uid, attemptId) ?? inMemory.get(key) ?? null;
  if (!state) {
    const device = newDevice();
    const genesis = await sha256Hex(chainGenesisText(attemptId, device));
    if (genesis === null) return null;
    state = { device, seq: 0, head: genesis, at: 0 };
  }
  const seq = state.seq + 1;
  const recordedAt = Math.max(now, state.at + 1);
  const digest = await sha256Hex(
    chainLinkText(state.head, { attemptId, seq, recordedAt, ...answer }),
  );
  if (digest === null) return null;
  const next = { device: state.device, seq, head: digest, at: recordedAt };
  inMemory.set(key, next);
  write(uid, attemptId, next);
  return { device: state.device, seq, recordedAt, digest };
}

/**
 * Records an answer as the chain's next link and hands it to `keep` (the outbox) before the
 * next answer is recorded; `keep` gets null where WebCrypto is not offered (no chain).
 */
export function recordAnswer<R>(
  uid: number,
  attemptId: number,
  answer: RecordedAnswer,
  keep: (link: TestingChainLink | null) => Promise<R>,
  now: () => number = Date.now,
): Promise<R> {
  const key = storageKey(uid, attemptId);
  const before = tails.get(key) ?? Promise.resolve();
  const done = before
    .catch(() => undefined)
    .then(async () => keep(await nextLink(uid, attemptId, answer, now())));
  tails.set(key, done);
  return done;
}

/** This tab's device id for the attempt's chain; null when it has recorded no answer. */
export function chainDeviceOf(uid: number, attemptId: number): string | null {
  return (read(uid, attemptId) ?? inMemory.get(storageKey(uid, attemptId)))?.device ?? null;
}
