import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as non-encapsulated, the way fastify-plugin does (that package is not a
 * dependency here): its decorators and hooks apply to the parent, i.e. the whole app.
 */
export function appPlugin<Options extends object>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  const wrapped = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  wrapped[Symbol.for('skip-override')] = true;
  wrapped[Symbol.for('fastify.display-name')] = name;
  return wrapped;
}
