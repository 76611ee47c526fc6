// DateTime: an ISO 8601 date-time in UTC ("2026-01-05T10:00:00.000Z"). Records already hold the
// string, so serializing is free. Read as every date-time sent to the gateway is (domain/date-time.ts).
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { dateTimeProblems, readDateTime } from '../domain/date-time.js';

function parse(value: unknown): Date {
  const read = typeof value === 'string' ? readDateTime(value) : 'shape';
  if (!(read instanceof Date)) throw new GraphQLError(`DateTime ${dateTimeProblems[read]}`);
  return read;
}

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description:
    'An ISO 8601 date-time in UTC, such as 2026-01-05T10:00:00.000Z. Sent with a time zone (Z or ±hh:mm), ' +
    'a real calendar date, in the years 0001 to 9999 once in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: parse,
  parseLiteral: (node) => parse(node.kind === Kind.STRING ? node.value : null),
});

/** A GraphQL enum object whose names are its values, from a list of string constants. */
export const enumOf = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;
