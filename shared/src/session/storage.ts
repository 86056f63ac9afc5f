/**
 * Local storage keys of the session. The token flag is not a secret (the session itself is an
 * HttpOnly cookie); it only tells the login screen whether this browser has logged in before.
 */
const TOKEN_KEY = 'token';
const CREDENTIAL_KEYS = [TOKEN_KEY, 'uid', 'role'] as const;

/** Device preferences that outlive a session: the next user of this browser keeps them. */
const PREFERENCE_KEYS = ['lang', 'theme'] as const;

// Storage can be unavailable (disabled cookies, some private modes): the portal still works,
// it just forgets between visits.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or disabled storage: the preference is simply not remembered.
  }
}

export function readToken(): string | null {
  return readStoredItem(TOKEN_KEY);
}

export function hasStoredToken(): boolean {
  return readToken() !== null;
}

export function clearCredentials(): void {
  const store = storage();
  for (const key of CREDENTIAL_KEYS) store?.removeItem(key);
}

/** A fresh random id; getRandomValues works on plain http too, unlike randomUUID. */
export function storeFreshToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const token = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeStoredItem(TOKEN_KEY, token);
  return token;
}

/** Logout empties local storage (schedules, tokens, anything per user) but keeps device preferences. */
export function clearLocalStorageExceptPreferences(): void {
  const store = storage();
  if (!store) return;
  const kept = PREFERENCE_KEYS.map((key) => [key, store.getItem(key)] as const);
  store.clear();
  for (const [key, value] of kept) if (value !== null) store.setItem(key, value);
}
