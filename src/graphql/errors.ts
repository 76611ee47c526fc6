// GraphQL side of the error contract: every error carries `extensions.code` and
// `extensions.http.status`; unexpected errors are masked. HTTP status of the response itself
// stays as GraphQL over HTTP has it (200 with `errors` once execution started). With
// introspection off, graphql-js's "Did you mean …?" hints are cut from messages: they would
// spell out the fields, arguments, types and enum values that introspection no longer shows.
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, FieldError } from '../errors.js';
import { faultError } from '../db/faults.js';

/** Codes of documents that cannot run (Apollo's own), with their status. */
const documentErrorStatus: Record<string, number> = {
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_USER_INPUT: 400,
  BAD_REQUEST: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  PERSISTED_QUERY_NOT_SUPPORTED: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
};

/** GraphQL's inputs name their fields as the domain does (`firstName`, `address1`). */
const graphqlFieldName = (field: string) => field;

/**
 * What an error is about: a resolver's own error, or the AppError a GraphQLError was made from
 * outside any resolver (the request's context, which has no path to unwrap by); one about fields
 * of the request names them as GraphQL does.
 */
function causeOf(error: unknown): unknown {
  const unwrapped = unwrapResolverError(error);
  const cause =
    unwrapped instanceof GraphQLError && unwrapped.originalError instanceof AppError
      ? unwrapped.originalError
      : unwrapped;
  return cause instanceof FieldError ? cause.namedFor(graphqlFieldName) : cause;
}

/** graphql-js's hint (jsutils/didYouMean), always at the end of a message; names hold no "?". */
const suggestion = / Did you mean [^?]*\?$/;

export function formatGraphQLError(
  onUnexpected: (error: unknown) => void,
  onFault: (error: unknown) => void = onUnexpected,
  hideSuggestions = false,
) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const cause = causeOf(error);
    if (cause instanceof AppError) {
      return {
        message: cause.message,
        ...(formatted.locations ? { locations: formatted.locations } : {}),
        ...(formatted.path ? { path: formatted.path } : {}),
        extensions: {
          code: cause.code,
          http: { status: cause.statusCode },
          ...(cause.details === undefined ? {} : { details: cause.details }),
        },
      };
    }
    const fault = faultError(cause);
    if (fault) {
      onFault(cause);
      return {
        message: fault.message,
        ...(formatted.path ? { path: formatted.path } : {}),
        extensions: {
          code: fault.code,
          http: { status: fault.statusCode },
          ...(fault.details === undefined ? {} : { details: fault.details }),
        },
      };
    }
    const code = typeof formatted.extensions?.code === 'string' ? formatted.extensions.code : undefined;
    if (code !== undefined && code in documentErrorStatus) {
      const message = hideSuggestions ? formatted.message.replace(suggestion, '') : formatted.message;
      return {
        ...formatted,
        message,
        extensions: { ...formatted.extensions, http: { status: documentErrorStatus[code] } },
      };
    }
    onUnexpected(cause);
    return {
      message: 'Internal server error',
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: 'INTERNAL_SERVER_ERROR', http: { status: 500 } },
    };
  };
}
