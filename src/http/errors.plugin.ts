// The one error handler of the REST side: every failure becomes the documented error shape with
// its status (errors.ts); Fastify's own refusals get their documented codes, faults of the
// database are 503 with Retry-After, anything else a masked 500 that is logged. And the answer for
// paths no route matches, behind the same API key check as the routes.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, FieldError, errorBody, errorStatus, reasonPhrase, type ErrorCode } from '../errors.js';
import { faultError, retryAfterOf } from '../db/faults.js';
import { appPlugin } from '../plugin.js';
import { restFieldName } from '../rest/common.view.js';

/** Fastify's own errors for bad requests, by their code, and the documented code for each. */
const fastifyErrorCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

function toAppError(error: FastifyError): AppError | null {
  // An error about fields of the request names them as REST's bodies do.
  if (error instanceof FieldError) return error.namedFor(restFieldName);
  if (error instanceof AppError) return error;
  const code = error.code && fastifyErrorCodes[error.code];
  if (code) {
    const details = error.validation
      ? {
          problems: error.validation.map((problem) => ({
            path: `${error.validationContext ?? ''}${problem.instancePath}`,
            message: problem.message ?? 'is invalid',
          })),
        }
      : undefined;
    return new AppError(code, error.message, details);
  }
  // Apollo's integration builds a URL from Host (or X-Forwarded-Host/-Proto behind a trusted
  // proxy): one that is not a host name is the request's fault.
  if ((error as { code?: unknown }).code === 'ERR_INVALID_URL') {
    return new AppError('VALIDATION_FAILED', 'The Host header (or X-Forwarded-Host / X-Forwarded-Proto) is not valid', {
      field: 'Host',
    });
  }
  if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') {
    return new AppError('INVALID_JSON', 'The request body is not valid JSON');
  }
  return null;
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let appError = toAppError(error);
  if (!appError && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const status = error.statusCode;
    const code =
      (Object.keys(errorStatus) as ErrorCode[]).find((candidate) => errorStatus[candidate] === status) ??
      'VALIDATION_FAILED';
    appError = new AppError(code, error.message);
  }
  if (!appError) {
    appError = faultError(error);
    if (appError?.code === 'SERVICE_UNAVAILABLE') request.log.warn({ err: error }, 'database unavailable');
  }
  if (!appError) {
    request.log.error({ err: error }, 'unexpected error');
    appError = new AppError('INTERNAL_SERVER_ERROR', reasonPhrase[500] ?? 'Internal Server Error');
  }
  if (appError.statusCode === 503) void reply.header('retry-after', String(retryAfterOf(appError.details)));
  // A static file's 416 says the file's size (`bytes */<size>`), as @fastify/send put it on its error.
  const contentRange = (error as { headers?: Record<string, unknown> }).headers?.['Content-Range'];
  if (appError.statusCode === 416 && typeof contentRange === 'string') void reply.header('content-range', contentRange);
  // The catalog routes' caching headers, set before the handler, belong to successful answers only.
  if (reply.hasHeader('etag')) {
    reply.removeHeader('etag');
    reply.removeHeader('cache-control');
  }
  return reply.status(appError.statusCode).send(errorBody(appError));
}

export const errorsPlugin = appPlugin(
  'errors',
  async (app) => {
    app.setErrorHandler(handleError);
    app.setNotFoundHandler(app.refuseWithoutKey ? { preHandler: app.refuseWithoutKey } : {}, (request, reply) => {
      const error = new AppError(
        'ROUTE_NOT_FOUND',
        `No route ${request.method} ${request.url.split('?')[0]?.slice(0, 200) ?? ''}`,
      );
      return reply.status(error.statusCode).send(errorBody(error));
    });
  },
  // Its API key check for unknown paths.
  { dependencies: ['http-hardening'] },
);
