import { createHash, webcrypto } from 'node:crypto';
import { chainGenesisText, chainLinkText } from '@lms/shared';
import { recordAnswer, sha256Hex } from './chain';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

beforeAll(() => {
  // jsdom has no WebCrypto digest; the browser's is the same standard SHA-256 as Node's.
  if (!globalThis.crypto?.subtle) {
    Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });
  }
});

beforeEach(() => sessionStorage.clear());

describe('the device hash chain of an attempt', () => {
  it('hashes with WebCrypto exactly as the server does with node:crypto', async () => {
    const text = 'lms-testing-chain/1\nКыргызча: ө ү ң\n{"a":1}';
    expect(await sha256Hex(text)).toBe(sha256(text));
  });

  it('makes each answer the next link over the one before, in the order given', async () => {
    const clock = 1_800_000_000_000;
    const links = await Promise.all(
      [
        { questionId: 11, version: 1, response: { truth: true } },
        { questionId: 12, version: 1, response: { choice: ['b', 'a'] } },
        { questionId: 11, version: 2, response: { truth: false } },
      ].map((answer) =>
        recordAnswer(
          7,
          42,
          answer,
          async (link) => link,
          () => clock,
        ),
      ),
    );
    expect(links.map((link) => link?.seq)).toEqual([1, 2, 3]);
    const device = links[0]?.device ?? '';
    expect(device).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(links.every((link) => link?.device === device)).toBe(true);
    // The device's clock never goes back within a chain, even when the wall clock stands still.
    expect(links.map((link) => link?.recordedAt)).toEqual([clock, clock + 1, clock + 2]);
    // Recomputed with node:crypto over the shared encoding: the same digests.
    let previous = sha256(chainGenesisText(42, device));
    const answers = [
      { questionId: 11, version: 1, response: { truth: true } },
      { questionId: 12, version: 1, response: { choice: ['b', 'a'] } },
      { questionId: 11, version: 2, response: { truth: false } },
    ];
    answers.forEach((answer, index) => {
      const link = links[index];
      previous = sha256(
        chainLinkText(previous, {
          attemptId: 42,
          seq: index + 1,
          recordedAt: link?.recordedAt ?? 0,
          ...answer,
        }),
      );
      expect(link?.digest).toBe(previous);
    });
  });

  it('goes on with the same chain after a reload of the tab (kept in sessionStorage)', async () => {
    const first = await recordAnswer(
      7,
      43,
      { questionId: 1, version: 1, response: { truth: true } },
      async (link) => link,
    );
    const kept = JSON.parse(sessionStorage.getItem('lms-testing-chain:7:43') ?? '{}') as {
      device: string;
      seq: number;
      head: string;
    };
    expect(kept).toMatchObject({ device: first?.device, seq: 1, head: first?.digest });
    const second = await recordAnswer(
      7,
      43,
      { questionId: 2, version: 1, response: { truth: false } },
      async (link) => link,
    );
    expect([second?.device, second?.seq]).toEqual([first?.device, 2]);
    // Another attempt, or another user of the browser: a chain of its own.
    const other = await recordAnswer(
      8,
      43,
      { questionId: 1, version: 1, response: {} },
      async (link) => link,
    );
    expect(other?.seq).toBe(1);
    expect(other?.device).not.toBe(first?.device);
  });

  it('hands each link to the outbox before the next is made', async () => {
    const order: string[] = [];
    const keep = (name: string) => async () => {
      order.push(`keep ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`kept ${name}`);
    };
    await Promise.all([
      recordAnswer(7, 44, { questionId: 1, version: 1, response: {} }, keep('a')),
      recordAnswer(7, 44, { questionId: 2, version: 1, response: {} }, keep('b')),
    ]);
    expect(order).toEqual(['keep a', 'kept a', 'keep b', 'kept b']);
  });
});
