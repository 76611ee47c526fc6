// The app's Fastify plugins are named and declare what they need of one another. Each registers on
// the instance it is given, not in a scope of its own (Fastify's documented `skip-override`
// property, what the fastify-plugin package sets): its hooks, decorators and handlers reach every
// route, and the composition root (app.ts) alone decides their order. A plugin in a scope of its
// own would take a copy of the hooks registered before it and miss those added after, such as the
// request counter that comes with GET /metrics, registered after the REST routes so that the
// OpenAPI document lists it last.
import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

export interface PluginNeeds {
  /** Plugins registered before this one, by name; Fastify refuses to register it without them. */
  dependencies?: string[];
}

export function appPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
  needs: PluginNeeds = {},
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: { name, ...needs },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answers are kept whole by the answer cache at the HTTP edge until the catalog
     * changes under them (http/answer-cache.plugin.ts): the REST catalog routes.
     */
    keptAnswers?: true;
  }
}
