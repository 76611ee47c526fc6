// GraphQL subscriptions over Server-Sent Events on the app (live.routes.ts): the gateway's schema,
// the same document limits as /graphql, refusals counted into GET /metrics.
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config.js';
import type { ChangeFeed } from '../events/change-feed.js';
import { appPlugin } from '../plugin.js';
import type { ListSizes } from '../graphql/list-size.js';
import { registerLiveRoutes } from './live.routes.js';
import type { LiveUpdates } from './live.service.js';

export interface LivePluginOptions {
  config: Config;
  schema: GraphQLSchema;
  live: LiveUpdates;
  /** Closed when the app closes, which ends every stream. */
  changes: ChangeFeed;
  /** The sizes of the catalog's lists, for the cost estimate (after the catalog's versions are read). */
  listSizes: () => Promise<ListSizes>;
}

export const livePlugin = appPlugin(
  'live',
  async (app, { config, schema, live, changes, listSizes }: LivePluginOptions) => {
    registerLiveRoutes(app, { schema, live, changes, config, listSizes, onRefused: app.metrics.graphqlRefused });
  },
  { dependencies: ['metrics'] },
);
