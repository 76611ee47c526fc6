// The checks of player events as both APIs receive them (docs/analytics.md, "Sending events"):
// every event's shape first, then its media item and placement against the catalog, in one
// lookup for the request. Any problem refuses the whole request: VALIDATION_FAILED naming each
// field as the API called names it (FieldError: REST `events[2].session_id`, GraphQL
// `events[2].sessionId`), the first in `details.field`, all (up to 20) in `details.problems`.
import { FieldError } from '../errors.js';
import { dateTimeProblems, readDateTime } from '../domain/date-time.js';
import {
  clockSkewMs,
  maxEventAgeMs,
  maxEventsPerRequest,
  playerEventTypes,
  sessionIdShape,
  type PlayerEvent,
  type PlayerEventInput,
  type PlayerEventType,
} from './player-events.model.js';

/** The placements of media items by id (their positions); a media item not in the catalog is absent. */
export type MediaPlacements = ReadonlyMap<number, ReadonlySet<number>>;

interface Problem {
  /** The event's index; null: the list itself. */
  index: number | null;
  field: string;
  message: string;
}

/** Problems reported at most (the others are counted). */
const maxProblems = 20;
const maxId = 2_147_483_647;
const idShape = /^[1-9][0-9]{0,9}$/;
const placementShape = /^([1-9][0-9]{0,9}):(0|[1-9][0-9]{0,9})$/;

function invalid(problems: readonly Problem[]): FieldError {
  return new FieldError('VALIDATION_FAILED', (name) => {
    const named = problems.slice(0, maxProblems).map(({ index, field, message }) => ({
      field: index === null ? name(field) : `events[${index}].${name(field)}`,
      message,
    }));
    const listed = named.map(({ field, message }) => `${field} ${message}`).join('; ');
    const omitted = problems.length - named.length;
    return {
      message: omitted > 0 ? `${listed}; and ${omitted} more` : listed,
      details: { field: named[0]?.field ?? null, problems: named },
    };
  });
}

/** A positive integer id (a number, or its digits), else null. */
function idOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= maxId ? value : null;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!idShape.test(text)) return null;
  const id = Number(text);
  return id <= maxId ? id : null;
}

/** When the event occurred: now when not given, never later than now; a problem's message otherwise. */
function timeOf(value: unknown, now: number): number | string {
  if (value === undefined || value === null || value === '') return now;
  const read = value instanceof Date ? value : typeof value === 'string' ? readDateTime(value) : 'shape';
  if (!(read instanceof Date)) return dateTimeProblems[read];
  const at = read.getTime();
  if (Number.isNaN(at)) return dateTimeProblems.shape;
  if (at < now - maxEventAgeMs) return 'is more than 24 hours ago: such an event is not counted';
  if (at > now + clockSkewMs) return 'is in the future (more than 5 minutes ahead of the gateway)';
  return Math.min(at, now);
}

interface Shaped {
  index: number;
  event: PlayerEvent;
  /** The media item and position of the placement the event names; -1 for none. */
  placementMedia: number;
  placementPosition: number;
}

const knownTypes: ReadonlySet<string> = new Set(playerEventTypes);
const typeProblem = `must be one of ${playerEventTypes.join(', ')}`;

/** One event's shape: the event, or null with its problems added to `problems`. */
function shapeOf(input: PlayerEventInput, index: number, now: number, problems: Problem[]): Shaped | null {
  const found = problems.length;
  const { type, sessionId } = input;
  if (typeof type !== 'string' || !knownTypes.has(type)) problems.push({ index, field: 'type', message: typeProblem });
  const mediaId = idOf(input.mediaId);
  if (mediaId === null)
    problems.push({ index, field: 'mediaId', message: 'must be a positive integer (the id of a media item)' });
  const rawPlacement = input.placementId === undefined || input.placementId === null ? '' : input.placementId;
  const placementText = typeof rawPlacement === 'string' ? rawPlacement.trim() : null;
  const match = placementText ? placementShape.exec(placementText) : null;
  if (placementText === null || (placementText !== '' && !match))
    problems.push({
      index,
      field: 'placementId',
      message: 'must be <media id>:<position>, a placement of the media item',
    });
  if (typeof sessionId !== 'string' || !sessionIdShape.test(sessionId))
    problems.push({ index, field: 'sessionId', message: 'must be 8 to 64 characters of A-Z, a-z, 0-9, _ and -' });
  const at = timeOf(input.occurredAt, now);
  if (typeof at === 'string') problems.push({ index, field: 'occurredAt', message: at });
  if (problems.length > found) return null;
  return {
    index,
    event: {
      type: type as PlayerEventType,
      mediaId: mediaId!,
      placementId: placementText ?? '',
      sessionId: sessionId as string,
      at: at as number,
    },
    placementMedia: match ? Number(match[1]) : -1,
    placementPosition: match ? Number(match[2]) : -1,
  };
}

/** An event's problem with the catalog: its media item unknown, or a placement not of it. */
function catalogProblem(shaped: Shaped, media: MediaPlacements): Problem | null {
  const { index, event } = shaped;
  const positions = media.get(event.mediaId);
  if (!positions) return { index, field: 'mediaId', message: `names no media item of the catalog (${event.mediaId})` };
  if (shaped.placementMedia < 0) return null;
  if (shaped.placementMedia !== event.mediaId)
    return {
      index,
      field: 'placementId',
      message: `is a placement of media item ${shaped.placementMedia}, not of ${event.mediaId}`,
    };
  if (!positions.has(shaped.placementPosition))
    return { index, field: 'placementId', message: `is not one of media item ${event.mediaId}'s placements` };
  return null;
}

/**
 * The events checked, each counted at its time (received at `now`), or VALIDATION_FAILED naming
 * every problem. `lookUp` answers the placements of the media items named (one call).
 */
export async function checkEvents(
  inputs: readonly PlayerEventInput[],
  now: number,
  lookUp: (mediaIds: number[]) => Promise<MediaPlacements>,
): Promise<PlayerEvent[]> {
  if (inputs.length > maxEventsPerRequest)
    throw invalid([{ index: null, field: 'events', message: `must hold at most ${maxEventsPerRequest} events` }]);
  const problems: Problem[] = [];
  const shaped: Shaped[] = [];
  const ids = new Set<number>();
  for (let index = 0; index < inputs.length; index += 1) {
    const each = shapeOf(inputs[index]!, index, now, problems);
    if (!each) continue;
    shaped.push(each);
    ids.add(each.event.mediaId);
  }
  const media = ids.size > 0 ? await lookUp([...ids]) : new Map<number, ReadonlySet<number>>();
  for (const each of shaped) {
    const problem = catalogProblem(each, media);
    if (problem) problems.push(problem);
  }
  // In the order of the events (an event's own problems in the order of its fields).
  if (problems.length > 0) throw invalid(problems.sort((a, b) => (a.index ?? -1) - (b.index ?? -1)));
  return shaped.map(({ event }) => event);
}
