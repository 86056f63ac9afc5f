/**
 * The device's hash chain of a test attempt: its one canonical encoding, shared by the browser
 * (which hashes with WebCrypto) and the API (node:crypto). Each answer the device records is a
 * link; its digest is the lowercase hex SHA-256 of the UTF-8 text `chainLinkText` builds, which
 * names the previous link's digest, so a link cannot be changed, dropped or moved without every
 * digest after it changing. The first link's previous digest is the genesis digest: the SHA-256
 * of `chainGenesisText` (the attempt and the device's random id).
 *
 * The text is lines joined by "\n":
 *
 * ```
 * lms-testing-chain/1
 * <previous digest, 64 hex>
 * <attempt id>
 * <question id>
 * <the device's sequence number of the link, 1, 2, 3…>
 * <the device's clock when it recorded the answer, epoch ms>
 * <the answer's version>
 * <the response as canonical JSON: keys sorted, no spaces, absent fields left out>
 * ```
 *
 * See docs/security.md for what the chain proves and what it does not.
 */
export const TESTING_CHAIN_TAG = 'lms-testing-chain/1';

/** What one link of the chain covers. */
export interface TestingChainFacts {
  attemptId: number;
  questionId: number;
  seq: number;
  recordedAt: number;
  version: number;
  response: unknown;
}

/** JSON with object keys sorted at every depth, no whitespace, undefined members left out. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The text whose SHA-256 is the chain's first "previous" digest. */
export const chainGenesisText = (attemptId: number, device: string): string =>
  [TESTING_CHAIN_TAG, 'genesis', String(attemptId), device].join('\n');

/** The text whose SHA-256 is a link's digest. */
export const chainLinkText = (previous: string, link: TestingChainFacts): string =>
  [
    TESTING_CHAIN_TAG,
    previous,
    String(link.attemptId),
    String(link.questionId),
    String(link.seq),
    String(link.recordedAt),
    String(link.version),
    canonicalJson(link.response),
  ].join('\n');
