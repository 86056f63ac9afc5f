import { DEFAULT_LANGUAGE } from '@lms/shared/contract';
import { appPlugin } from '../../lib/plugin.js';
import { isApiRequest } from '../../lib/api-path.js';
import { languageOf } from '../../lib/language.js';

/**
 * Every API request knows its language (`request.lang`); a route passes it to the repositories
 * that read catalogue data (lib/catalogue-names.ts `localized`). It is passed explicitly rather
 * than kept in an AsyncLocalStorage: on Node 20 that storage's promise hooks cost every call of
 * the API 10-20% of its CPU time.
 */
export default appPlugin('language', async (app) => {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.addHook('onRequest', (request, _reply, done) => {
    // Only the API reads catalogue data: assets and pages skip it.
    if (isApiRequest(request)) request.lang = languageOf(request);
    done();
  });
});
