import { ApiError } from '../http/errors.js';
import { createOutbox, type OutboxItem } from './outbox.js';

// jsdom has no IndexedDB: the outbox keeps its items for the page, which is what is tested here
// (the store itself is browserStore's, tested beside it).

interface Note extends OutboxItem {
  text: string;
}

const note = (key: string, createdAt: number, text = key, uid = 1): Note => ({
  key,
  uid,
  createdAt,
  text,
});
const unreached = () => new ApiError('NETWORK_ERROR', 'Network Error');
const refused = () => new ApiError('CLIENT_ERROR', 'Refused', { status: 409 });

describe('createOutbox', () => {
  it('keeps one item per key (the newest), oldest first', async () => {
    const outbox = createOutbox<Note>('test-outbox-1');
    await outbox.put(note('b', 2));
    await outbox.put(note('a', 1));
    await outbox.put(note('b', 3, 'b again'));
    expect(outbox.items().map((item) => item.text)).toEqual(['a', 'b again']);
  });

  it('sends the user’s items in order, stops at the first unreached, drops a refused one', async () => {
    const outbox = createOutbox<Note>('test-outbox-2');
    for (const item of [note('a', 1), note('b', 2), note('c', 3), note('x', 4, 'x', 2)]) {
      await outbox.put(item);
    }
    const sent: string[] = [];
    const refusals: string[] = [];
    let network = true;
    const send = (item: Note) => {
      if (!network) return Promise.reject(unreached());
      if (item.key === 'b') return Promise.reject(refused());
      sent.push(item.key);
      if (item.key === 'a') network = false;
      return Promise.resolve(item.key);
    };
    const how = { send, onRefused: (item: Note) => refusals.push(item.key) };
    await outbox.flush(1, how);
    expect([sent, outbox.items().map((item) => item.key)]).toEqual([['a'], ['b', 'c', 'x']]);
    network = true;
    await outbox.flush(1, how);
    expect([sent, refusals, outbox.items().map((item) => item.key)]).toEqual([
      ['a', 'c'],
      ['b'],
      ['x'],
    ]);
  });

  it('keeps an item a restarting server or its proxy answered 502, 503, 408 or 429, and sends it later in order', async () => {
    const outbox = createOutbox<Note>('test-outbox-4');
    for (const item of [note('a', 1), note('b', 2), note('c', 3)]) await outbox.put(item);
    const sent: string[] = [];
    const refusals: string[] = [];
    const answers = [
      new ApiError('SERVER_ERROR', 'Bad Gateway', { status: 502 }),
      new ApiError('SERVER_ERROR', 'Service Unavailable', { status: 503 }),
      new ApiError('CLIENT_ERROR', 'Request Timeout', { status: 408 }),
      new ApiError('CLIENT_ERROR', 'Too Many Requests', { status: 429 }),
    ];
    let failing: ApiError | undefined;
    const how = {
      send: (item: Note) => {
        if (failing && item.key === 'b') return Promise.reject(failing);
        sent.push(item.key);
        return Promise.resolve(item.key);
      },
      onRefused: (item: Note) => refusals.push(item.key),
    };
    for (const answer of answers) {
      failing = answer;
      await outbox.flush(1, how);
      // b waits, and c after it: a test's later answer never overtakes the one before it.
      expect(outbox.items().map((item) => item.key)).toEqual(['b', 'c']);
    }
    failing = undefined;
    await outbox.flush(1, how);
    expect([sent, refusals, outbox.items()]).toEqual([['a', 'b', 'c'], [], []]);
  });

  it('sends an item put during a flush, and keeps one put while its older version was sent', async () => {
    const outbox = createOutbox<Note>('test-outbox-3');
    await outbox.put(note('a', 1));
    const sent: string[] = [];
    const how = {
      send: async (item: Note) => {
        sent.push(item.text);
        if (item.text === 'a') {
          // Put while 'a' is on its way: a newer 'a' and a new 'b', and a flush asked meanwhile.
          await outbox.put(note('a', 2, 'a2'));
          await outbox.put(note('b', 3));
          void outbox.flush(1, how);
        }
        return item.text;
      },
    };
    await outbox.flush(1, how);
    expect(sent).toEqual(['a', 'a2', 'b']);
    expect(outbox.items()).toEqual([]);
  });
});
