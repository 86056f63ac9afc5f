import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** What a plugin needs registered before it (Fastify checks at registration, as fastify-plugin does). */
export interface PluginNeeds {
  /** Names of the plugins (app plugins or areas) that must be registered first. */
  dependencies?: string[];
}

/**
 * Marks a plugin as non-encapsulated, the way fastify-plugin does (that package is not a
 * dependency here): its decorators and hooks apply to the parent, i.e. the whole app. Its name
 * and dependencies are the metadata Fastify checks when it registers (`plugin-meta`): a plugin
 * registered before what it depends on stops start-up with the missing name.
 */
export function appPlugin<Options extends object>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
  needs: PluginNeeds = {},
): FastifyPluginAsync<Options> {
  const wrapped = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  wrapped[Symbol.for('skip-override')] = true;
  wrapped[Symbol.for('fastify.display-name')] = name;
  wrapped[Symbol.for('plugin-meta')] = { name, dependencies: needs.dependencies ?? [] };
  return wrapped;
}

/**
 * An area of the API (docs/server-conventions.md): one plugin, named like the area, that builds
 * the area's repositories (adding those other areas ask to `app.repos`), its event bus and
 * services, and registers its routes (encapsulated, under their prefixes). `dependencies` names
 * the areas whose repositories or decorators it uses; `auth` gives every area the session and
 * its guards.
 */
export function area<Options extends object>(
  name: string,
  needs: PluginNeeds,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  return appPlugin(name, plugin, needs);
}
