// GET /metrics and the count of every answered request (metrics.ts), registered after the REST
// routes so that the OpenAPI document lists it last. The app's GraphQL plugins count their
// operations and refusals through `app.metrics`.
import { registerMetrics, type GatewayMetrics, type MetricsSources } from './metrics.js';
import { appPlugin } from '../plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    readonly metrics: GatewayMetrics;
  }
}

export const metricsPlugin = appPlugin('metrics', async (app, { sources }: { sources: MetricsSources }) => {
  app.decorate('metrics', registerMetrics(app, sources));
});
