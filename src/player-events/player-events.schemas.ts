// REST shapes of player events (see src/rest/schema.ts). The fields are typed loosely on purpose:
// their rules (a known type, a session id's characters, a media item of the catalog) are the
// service's, which names the event and field of every problem as GraphQL's twin does.
import { Type } from '@sinclair/typebox';
import { Named } from '../rest/schema.js';
import { maxEventsBodyBytes, maxEventsPerRequest, playerEventTypes } from './player-events.model.js';

const PlayerEvent = Type.Object({
  type: Type.String({ description: `One of ${playerEventTypes.join(', ')}.` }),
  media_id: Type.Union([Type.Integer(), Type.String()], { description: 'The media item (a positive integer).' }),
  placement_id: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'A placement of that media item (`<media id>:<position>`), when the event is about one.',
    }),
  ),
  session_id: Type.String({
    description:
      "The player's session: 8 to 64 characters of A-Z, a-z, 0-9, _ and -, random per browser tab (no cookie).",
  }),
  occurred_at: Type.Optional(
    Type.String({
      description:
        'ISO 8601 date-time with a time zone; default: when received. More than 24 hours ago, or more than 5 ' +
        'minutes ahead of the gateway, is refused; up to 5 minutes ahead counts as now.',
    }),
  ),
});

export const PlayerEventsBody = Type.Object({
  events: Type.Array(PlayerEvent, {
    maxItems: maxEventsPerRequest,
    description: `At most ${maxEventsPerRequest} events, and at most ${maxEventsBodyBytes} bytes of body in all.`,
  }),
});

export const PlayerEventsAccepted = Named(
  'PlayerEventsAccepted',
  Type.Object(
    {
      accepted: Type.Integer({
        description:
          'Events accepted for counting: every event of the request (a request with a bad one is refused whole). ' +
          'Each counts once written, within a second, unless its session counted the same for the same media ' +
          'item and placement in the 30 minutes before it.',
      }),
    },
    { description: 'The events were taken in.' },
  ),
);
