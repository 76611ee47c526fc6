// REST route of player events (twin: player-events.resolver.ts): any valid key (client or admin),
// open when the service runs without keys, rate limited like every request. The body may be at most
// 16 KiB (413 PAYLOAD_TOO_LARGE past it, before it is read).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ref } from '../rest/schema.js';
import { bodyErrors, errors } from '../rest/responses.js';
import { maxEventsBodyBytes } from './player-events.model.js';
import type { PlayerEventsService } from './player-events.service.js';
import { PlayerEventsAccepted, PlayerEventsBody } from './player-events.schemas.js';

export function registerPlayerEventRoutes(app: FastifyInstance, events: PlayerEventsService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/player/events',
    {
      bodyLimit: maxEventsBodyBytes,
      schema: {
        tags: ['Player events'],
        summary:
          "What shoppers' players saw and did: impressions, plays and hotspot openings of media items, counted once " +
          'per session and 30 minutes',
        body: PlayerEventsBody,
        response: { 202: Ref(PlayerEventsAccepted), ...errors(...bodyErrors) },
      },
    },
    async (request, reply) => {
      const accepted = await events.record(
        request.body.events.map((event) => ({
          type: event.type,
          mediaId: event.media_id,
          placementId: event.placement_id,
          sessionId: event.session_id,
          occurredAt: event.occurred_at,
        })),
      );
      return reply.status(202).header('cache-control', 'no-store').send({ accepted });
    },
  );
}
