import { browserStore } from './browserStore.js';

/**
 * A stand-in for the browser's IndexedDB (jsdom has none): databases of plain maps, each request
 * answered on the next tick, a transaction completing after its request.
 */
class FakeIndexedDB {
  readonly opens: string[] = [];
  readonly stores = new Map<string, { options?: IDBObjectStoreParameters; rows: Map<unknown, unknown> }>();
  upgraded = false;

  open(name: string) {
    this.opens.push(name);
    const request: Record<string, unknown> = {};
    const names = { contains: (store: string) => this.stores.has(store) };
    const db = {
      objectStoreNames: names,
      createObjectStore: (store: string, options?: IDBObjectStoreParameters) => {
        this.stores.set(store, { options, rows: new Map() });
      },
      transaction: (store: string) => {
        const kept = this.stores.get(store);
        if (!kept) throw new Error(`no store ${store}`);
        const transaction: Record<string, unknown> = {};
        const answer = (result: unknown) => {
          const done = { result };
          setTimeout(() => (transaction.oncomplete as () => void)());
          return done;
        };
        transaction.objectStore = () => ({
          put: (value: Record<string, unknown>, key?: unknown) => {
            const id = key ?? value[String(kept.options?.keyPath)];
            kept.rows.set(id, value);
            return answer(id);
          },
          get: (key: unknown) => answer(kept.rows.get(key)),
        });
        return transaction;
      },
    };
    request.result = db;
    setTimeout(() => {
      if (!this.upgraded) {
        this.upgraded = true;
        (request.onupgradeneeded as () => void)();
      }
      (request.onsuccess as () => void)();
    });
    return request;
  }
}

describe('browserStore', () => {
  afterEach(() => {
    delete (globalThis as { indexedDB?: unknown }).indexedDB;
  });

  it('keeps nothing and finds nothing where there is no IndexedDB', async () => {
    const store = browserStore('lms-test', 'rows');
    await expect(store.database()).resolves.toBeNull();
    await expect(store.run('readwrite', (rows) => rows.put('a', 1))).resolves.toBeUndefined();
    await expect(store.run('readonly', (rows) => rows.get(1))).resolves.toBeUndefined();
  });

  it('opens the database once, makes the store with its options, and answers each request', async () => {
    const fake = new FakeIndexedDB();
    Object.assign(globalThis, { indexedDB: fake });
    const store = browserStore('lms-test', 'messages', { keyPath: 'key' });
    await expect(store.run('readwrite', (rows) => rows.put({ key: 'k1', text: 'Салам' }))).resolves.toBe('k1');
    await expect(store.run('readonly', (rows) => rows.get('k1'))).resolves.toEqual({
      key: 'k1',
      text: 'Салам',
    });
    expect(fake.opens).toEqual(['lms-test']);
    expect(fake.stores.get('messages')?.options).toEqual({ keyPath: 'key' });
  });

  it('answers undefined when a request cannot be made (the store is not there)', async () => {
    const fake = new FakeIndexedDB();
    fake.upgraded = true;
    Object.assign(globalThis, { indexedDB: fake });
    const store = browserStore('lms-test', 'missing');
    expect(await store.database()).not.toBeNull();
    await expect(store.run('readonly', (rows) => rows.get(1))).resolves.toBeUndefined();
  });
});
