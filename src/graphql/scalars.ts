// DateTime: an ISO 8601 date-time in UTC ("2026-01-05T10:00:00.000Z"). Records already hold the
// string, so serializing is free.
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function parse(value: unknown): Date {
  if (typeof value !== 'string' || !isoDateTime.test(value) || Number.isNaN(Date.parse(value))) {
    throw new GraphQLError('DateTime must be an ISO 8601 date-time with a time zone');
  }
  return new Date(value);
}

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An ISO 8601 date-time in UTC, such as 2026-01-05T10:00:00.000Z.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: parse,
  parseLiteral: (node) => parse(node.kind === Kind.STRING ? node.value : null),
});

/** A GraphQL enum object whose names are its values, from a list of string constants. */
export const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;
