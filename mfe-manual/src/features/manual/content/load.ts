import type { Language } from '@lms/shared';
import type { Manual } from './types';

/**
 * Each language's text is its own chunk, loaded when first read. The service worker keeps every
 * chunk of the remote's release (its manifest lists them), so the manual reads offline too.
 */
const LOADERS: Record<Language, () => Promise<Manual>> = {
  en: () => import('./en/index').then((module) => module.manual),
  ru: () => import('./ru/index').then((module) => module.manual),
  kg: () => import('./kg/index').then((module) => module.manual),
};

const loaded = new Map<Language, Promise<Manual>>();

/** The manual in `language` (loaded once; a failed load is tried again next time). */
export function loadManual(language: Language): Promise<Manual> {
  const kept = loaded.get(language);
  if (kept) return kept;
  const loading = LOADERS[language]().catch((error: unknown) => {
    loaded.delete(language);
    throw error;
  });
  loaded.set(language, loading);
  return loading;
}
