import { readCookie, writeCookie } from '../http/cookies.js';
import { readStoredItem, writeStoredItem } from '../session/storage.js';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_KEY,
  isLanguage,
  type Language,
} from './languages.js';

function normalise(value: string | null | undefined): Language | null {
  const candidate = value?.trim().toLowerCase();
  return isLanguage(candidate) ? candidate : null;
}

function fromQuery(): Language | null {
  if (typeof window === 'undefined') return null;
  return normalise(new URLSearchParams(window.location.search).get(LANGUAGE_KEY));
}

/**
 * Spec §4: query parameter `lang`, then cookie `lang`, then local storage `lang`; the first
 * supported value wins, anything else is ignored; Russian when none is set.
 */
export function detectLanguage(): Language {
  return (
    fromQuery() ??
    normalise(readCookie(LANGUAGE_KEY)) ??
    normalise(readStoredItem(LANGUAGE_KEY)) ??
    DEFAULT_LANGUAGE
  );
}

/** Remembers the language in the cookie (360 days, whole site) and in local storage. */
export function persistLanguage(lng: Language): void {
  writeCookie(LANGUAGE_KEY, lng, { maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS, path: '/' });
  writeStoredItem(LANGUAGE_KEY, lng);
}
