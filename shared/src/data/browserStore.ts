/**
 * One object store of a portal's own IndexedDB database (the offline copy of answers, the chat
 * outbox…): the database is opened once, on first use, with the store made where it is missing.
 * Where there is no IndexedDB (tests, some private modes) or it cannot be opened, nothing is
 * kept and reads find nothing.
 */
export interface BrowserStore {
  /** The database, or null where there is no IndexedDB. */
  database(): Promise<IDBDatabase | null>;
  /** One request in its own transaction; resolves with its result, or undefined on failure. */
  run<T>(
    mode: IDBTransactionMode,
    act: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T | undefined>;
}

/** The store `store` of the database `name` (version 1), made with `options` (e.g. a keyPath). */
export function browserStore(
  name: string,
  store: string,
  options?: IDBObjectStoreParameters,
): BrowserStore {
  let opened: Promise<IDBDatabase | null> | null = null;

  const database = (): Promise<IDBDatabase | null> => {
    opened ??= new Promise((resolve) => {
      if (typeof indexedDB === 'undefined') {
        resolve(null);
        return;
      }
      try {
        const request = indexedDB.open(name, 1);
        request.onupgradeneeded = () => {
          if (!request.result.objectStoreNames.contains(store)) {
            request.result.createObjectStore(store, options);
          }
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
        request.onblocked = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
    return opened;
  };

  const run = async <T>(
    mode: IDBTransactionMode,
    act: (objectStore: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T | undefined> => {
    const db = await database();
    if (!db) return undefined;
    return new Promise((resolve) => {
      try {
        const transaction = db.transaction(store, mode);
        const request = act(transaction.objectStore(store));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => resolve(undefined);
        transaction.onabort = () => resolve(undefined);
      } catch {
        resolve(undefined);
      }
    });
  };

  return { database, run };
}
