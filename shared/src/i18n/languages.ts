export const LANGUAGES = ['kg', 'ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Russian is the default and the fallback for any missing key. */
export const DEFAULT_LANGUAGE: Language = 'ru';

/** Storage key, cookie name and query parameter alike. */
export const LANGUAGE_KEY = 'lang';

/** 360 days (spec §9: 31104000000 ms), in the seconds a cookie's Max-Age takes. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 31104000;

/** BCP 47 tag for <html lang>: the portal calls Kyrgyz 'kg', but the standard tag is 'ky'. */
export const HTML_LANG: Record<Language, string> = { kg: 'ky', ru: 'ru', en: 'en' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
