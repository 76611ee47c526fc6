// REST routes of media performance and the ranking of media items (twins: performance.resolver.ts,
// ranking.resolver.ts). Admin keys only, checked before the query string is: a client key learns
// nothing but 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireAdmin } from '../security/api-keys.js';
import { principalOf } from '../security/security.js';
import { NumericIdParams, Ref } from '../rest/schema.js';
import { errors } from '../rest/responses.js';
import type { PerformanceService } from './performance.service.js';
import { mediaPerformanceView } from './performance.view.js';
import { MediaPerformance, PerformanceQuery } from './performance.schemas.js';
import type { RankingService } from './ranking.service.js';
import { mediaRankingView } from './ranking.view.js';
import { MediaRankingAnswer, RankingQuery } from './ranking.schemas.js';

const adminOnly = async (request: FastifyRequest) => requireAdmin(principalOf(request));

export function registerPerformanceRoutes(
  app: FastifyInstance,
  performance: PerformanceService,
  ranking: RankingService,
): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/media/:id/performance',
    {
      schema: {
        tags: ['Media performance'],
        summary:
          'What a media item brought over a window: impressions, plays, hotspot openings, carts, units, orders ' +
          'and revenue, per store, per placement and over time (an admin key when API_KEYS is set)',
        params: NumericIdParams,
        querystring: PerformanceQuery,
        response: { 200: Ref(MediaPerformance), ...errors('INVALID_ID', 'FORBIDDEN', 'MEDIA_NOT_FOUND') },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      // Counts change with every cart and order: never kept by a cache.
      reply.header('cache-control', 'no-store');
      const { from, to, interval } = request.query;
      return mediaPerformanceView(await performance.ofMedia(request.params.id, from, to, interval));
    },
  );
  api.get(
    '/analytics/media',
    {
      schema: {
        tags: ['Media performance'],
        summary:
          'Media items ranked by impressions, hotspot openings, carts or orders over a window (an admin key when ' +
          'API_KEYS is set)',
        querystring: RankingQuery,
        response: { 200: Ref(MediaRankingAnswer), ...errors('FORBIDDEN') },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { from, to, sort, first, after } = request.query;
      return mediaRankingView(
        await ranking.rank({ from, to, sort, first: first === undefined ? null : Number(first), after }),
      );
    },
  );
}
