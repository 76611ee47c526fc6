// GraphQL subscriptions over Server-Sent Events on the app (live.routes.ts): the gateway's schema,
// the same document limits as /graphql, refusals counted into GET /metrics.
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config.js';
import type { ChangeFeed } from '../events/change-feed.js';
import { appPlugin } from '../plugin.js';
import { registerLiveRoutes } from './live.routes.js';
import type { LiveUpdates } from './live.service.js';

export interface LivePluginOptions {
  config: Config;
  schema: GraphQLSchema;
  live: LiveUpdates;
  /** Closed when the app closes, which ends every stream. */
  changes: ChangeFeed;
}

export const livePlugin = appPlugin(
  'live',
  async (app, { config, schema, live, changes }: LivePluginOptions) => {
    registerLiveRoutes(app, { schema, live, changes, config, onRefused: app.metrics.graphqlRefused });
  },
  { dependencies: ['metrics'] },
);
