// The turns the lists of answers take (attempt-answer.ts): never more at once than the slots,
// the rest in the order they came, and a failed one frees its slot.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTurns } from '../../src/areas/testing/attempt-answer.js';

test('lists run at most `slots` at once, the others in their order, a failure frees its slot', async () => {
  const inTurn = createTurns(2);
  let running = 0;
  let most = 0;
  const began: number[] = [];
  const releases: (() => void)[] = [];
  const work = (n: number, fail = false) =>
    inTurn(async () => {
      running += 1;
      most = Math.max(most, running);
      began.push(n);
      await new Promise<void>((done) => releases.push(done));
      running -= 1;
      if (fail) throw new Error(`list ${n} failed`);
      return n;
    });
  const outcomesOf = Promise.allSettled([work(1, true), work(2), work(3), work(4), work(5)]);
  const settle = () => new Promise((done) => setImmediate(done));
  await settle();
  assert.deepEqual(began, [1, 2]);
  while (releases.length > 0) {
    releases.shift()?.();
    await settle();
  }
  const outcomes = await outcomesOf;
  assert.equal(outcomes[0]?.status, 'rejected');
  assert.deepEqual(
    outcomes.slice(1).map((o) => (o.status === 'fulfilled' ? o.value : null)),
    [2, 3, 4, 5],
  );
  assert.deepEqual(began, [1, 2, 3, 4, 5]);
  assert.equal(most, 2);
});
