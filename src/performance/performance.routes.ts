// REST route of media performance (twin: performance.resolver.ts). Admin keys only, checked before
// the query string is: a client key learns nothing but 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireAdmin } from '../security/api-keys.js';
import { principalOf } from '../security/security.js';
import { NumericIdParams, Ref } from '../rest/schema.js';
import { errors } from '../rest/responses.js';
import type { PerformanceService } from './performance.service.js';
import { mediaPerformanceView } from './performance.view.js';
import { MediaPerformance, PerformanceQuery } from './performance.schemas.js';

export function registerPerformanceRoutes(app: FastifyInstance, performance: PerformanceService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const adminOnly = async (request: FastifyRequest) => requireAdmin(principalOf(request));
  api.get(
    '/media/:id/performance',
    {
      schema: {
        tags: ['Media performance'],
        summary:
          'What a media item brought: carts, units, orders and revenue from it over a window (an admin key ' +
          'when API_KEYS is set)',
        params: NumericIdParams,
        querystring: PerformanceQuery,
        response: { 200: Ref(MediaPerformance), ...errors('INVALID_ID', 'FORBIDDEN', 'MEDIA_NOT_FOUND') },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      // Counts change with every cart and order: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return mediaPerformanceView(await performance.ofMedia(request.params.id, request.query.from, request.query.to));
    },
  );
}
