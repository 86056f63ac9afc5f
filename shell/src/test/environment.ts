// The DOM matchers' typings (the jest setup file registers the matchers at run time).
import '@testing-library/jest-dom';
import {
  i18n,
  initI18n,
  lmsStore,
  sessionStatusAtom,
  userAtom,
  type SessionUser,
} from '@lms/shared';
import { registerShellLocales } from '../i18n';

export const student: SessionUser = {
  id: 12,
  uid: 40,
  role: 2,
  fullName: 'Асанова Айгерим Бакытовна',
  newsPerms: false,
};

export const teacher: SessionUser = {
  id: 3,
  uid: 7,
  role: 1,
  fullName: 'Токтогулов Нурлан Асанович',
  newsPerms: true,
};

/** The shell's texts in Russian, as a fresh browser gets them. */
export async function setUpI18n(): Promise<void> {
  registerShellLocales();
  await initI18n();
  await i18n.changeLanguage('ru');
}

export function signIn(user: SessionUser): void {
  lmsStore.set(userAtom, user);
  lmsStore.set(sessionStatusAtom, 'authenticated');
}

export function signOut(status: 'unknown' | 'anonymous' = 'anonymous'): void {
  lmsStore.set(userAtom, null);
  lmsStore.set(sessionStatusAtom, status);
}

type Listener = (event: MediaQueryListEvent) => void;

/**
 * window.matchMedia for a given viewport width (jsdom has none): understands max-width and
 * min-width queries and tells listeners when the width changes.
 */
export function mockViewport(initialWidth: number): { resize: (width: number) => void } {
  let width = initialWidth;
  const lists: Array<{ query: string; listeners: Set<Listener> }> = [];
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    if (max?.[1]) return width <= Number(max[1]);
    if (min?.[1]) return width >= Number(min[1]);
    return false;
  };
  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<Listener>() };
    lists.push(entry);
    return {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
  return {
    resize: (next: number) => {
      width = next;
      for (const { query, listeners } of lists) {
        for (const listener of listeners) {
          listener({ matches: matches(query), media: query } as MediaQueryListEvent);
        }
      }
    },
  };
}
