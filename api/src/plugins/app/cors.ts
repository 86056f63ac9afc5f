import type { FastifyReply, FastifyRequest } from 'fastify';
import { appPlugin } from '../../lib/plugin.js';

/**
 * CORS only for the origins listed in `<dataDir>/cors-origins.json` (e.g. a faculty's remote
 * hosted elsewhere); without that file the portal is same-origin only.
 */
export default appPlugin('cors', async (app) => {
  const allow = async (request: FastifyRequest, reply: FastifyReply, origin: string) => {
    const allowed = await app.portalFiles.corsOrigins.read();
    if (!allowed?.includes(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      reply.header('Access-Control-Allow-Headers', 'Content-Type, X-XSRF-TOKEN');
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  };
  // Same-origin calls (no Origin header, or the portal's own) are most calls: they pay nothing.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin) return done();
    allow(request, reply, origin).then(() => {
      if (!reply.sent) done();
    }, done);
  });
});
