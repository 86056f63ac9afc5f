import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@lms/shared/contract';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The interface language of the request: catalogue data is answered in it. */
    lang: Language;
  }
}

/** Accept-Language names Kyrgyz 'ky'; the portal calls it 'kg'. */
const ACCEPTED: Record<string, Language> = { ky: 'kg', kg: 'kg', ru: 'ru', en: 'en' };

/** The `lang` cookie the portal sets, else the browser's Accept-Language, else Russian. */
export function languageOf(request: Pick<FastifyRequest, 'cookies' | 'headers'>): Language {
  const cookie = request.cookies?.lang?.trim().toLowerCase();
  if (isLanguage(cookie)) return cookie;
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    const ranked = header
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        const quality = q ? Number(q.slice(2)) : 1;
        return { lng: ACCEPTED[tag.trim().toLowerCase().split('-')[0] ?? ''], quality, index };
      })
      .filter((c): c is { lng: Language; quality: number; index: number } => !!c.lng)
      .filter((c) => Number.isFinite(c.quality) && c.quality > 0)
      .sort((a, b) => b.quality - a.quality || a.index - b.index);
    if (ranked[0]) return ranked[0].lng;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language of a page or file opened by a link (the login, a document's check page, a calendar
 * feed): the address's `?lang` first, then the `lang` cookie or Accept-Language.
 */
export function linkLanguage(
  request: Pick<FastifyRequest, 'cookies' | 'headers' | 'query'>,
): Language {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  const wanted = typeof asked === 'string' ? asked.trim().toLowerCase() : undefined;
  return isLanguage(wanted) ? wanted : languageOf(request);
}
