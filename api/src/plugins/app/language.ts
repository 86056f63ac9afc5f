import { AsyncResource } from 'node:async_hooks';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@lms/shared/contract';
import type { FastifyRequest } from 'fastify';
import { inLanguage } from '../../lib/catalogue-names.js';
import { appPlugin } from '../../lib/plugin.js';
import { isApiRequest } from './errors.js';

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

const scopeOf = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Every request runs in its language (lib/catalogue-names.ts `localized` reads it), so no
 * repository takes the language as an argument. Fastify runs a request's body parsing and
 * handler from the socket's events, outside the onRequest hook's async context: the context is
 * kept in an AsyncResource and re-entered before validation, the way @fastify/request-context
 * does it.
 */
export default appPlugin('language', async (app) => {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.addHook('onRequest', (request, _reply, done) => {
    // Only the API reads catalogue data: assets and pages skip the per-request scope.
    if (!isApiRequest(request)) return done();
    const lng = languageOf(request);
    request.lang = lng;
    inLanguage(lng, () => {
      const scope = new AsyncResource('lms-request-language');
      scopeOf.set(request, scope);
      scope.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopeOf.get(request);
    if (scope) scope.runInAsyncScope(done, request.raw);
    else done();
  });
});
