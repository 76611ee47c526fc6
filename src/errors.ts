// The documented error codes (docs/rest.md, "Errors") as one typed error. Every layer throws AppError; the REST
// error handler and GraphQL's formatError turn it into the documented shapes.

export const errorStatus = {
  INVALID_ID: 400,
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  QUERY_TOO_COMPLEX: 400,
  ANSWER_TOO_LARGE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  MEDIA_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  CART_NOT_FOUND: 404,
  CART_EXPIRED: 404,
  ORDER_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  DELIVERY_NOT_FOUND: 404,
  DISCOUNT_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CART_ALREADY_SUBMITTED: 409,
  CART_TOTAL_CHANGED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  DISCOUNT_CODE_TAKEN: 409,
  MEDIA_SLUG_TAKEN: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  VARIANT_NOT_FOUND: 422,
  VARIANT_PRODUCT_MISMATCH: 422,
  VARIANT_REQUIRED: 422,
  CURRENCY_MISMATCH: 422,
  SHIPPING_METHOD_NOT_FOUND: 422,
  BUYER_IDENTITY_INVALID: 422,
  BUYER_IDENTITY_MISSING: 422,
  CART_EMPTY: 422,
  PRODUCTS_UNAVAILABLE: 422,
  INVALID_ORDER_TRANSITION: 422,
  TOO_MANY_ITEMS: 422,
  CART_TOO_LARGE: 422,
  MEDIA_NOT_ATTRIBUTABLE: 422,
  WEBHOOK_LIMIT_REACHED: 422,
  STORE_NOT_FOUND: 422,
  DISCOUNT_USAGE_LIMIT_REACHED: 422,
  DISCOUNT_BUYER_LIMIT_REACHED: 422,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  SEARCH_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

/** How an API names a field of its requests, from the name the domain gives it (camelCase: `address1`). */
export type FieldName = (field: string) => string;

/** What a FieldError says, for the names an API gives its fields. */
export type FieldErrorText = (name: FieldName) => { message: string; details: ErrorDetails };

/**
 * An error about fields of the request, which the APIs name each their own way (REST
 * `first_name`, GraphQL `firstName`): thrown with the fields as the domain names them, it says its
 * message and details for the names an API gives them. REST's error handler and GraphQL's error
 * formatting each ask for theirs (`namedFor`), so the services never know which API called.
 */
export class FieldError extends AppError {
  private readonly text: FieldErrorText;

  constructor(code: ErrorCode, text: FieldErrorText) {
    const { message, details } = text((field) => field);
    super(code, message, details);
    this.text = text;
  }

  /** The same error with its fields named as `name` names them. */
  namedFor(name: FieldName): AppError {
    const { message, details } = this.text(name);
    return new AppError(this.code, message, details);
  }
}

/** HTTP reason phrases for the statuses this service answers with (Fastify's `error` field). */
export const reasonPhrase: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface ErrorBody {
  statusCode: number;
  code: string;
  error: string;
  message: string;
  details?: ErrorDetails;
}

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = {
    statusCode: error.statusCode,
    code: error.code,
    error: reasonPhrase[error.statusCode] ?? 'Error',
    message: error.message,
  };
  if (error.details !== undefined) body.details = error.details;
  return body;
}

const positiveInteger = /^[1-9][0-9]*$/;
const maxCatalogId = 2_147_483_647;

/**
 * Parses a catalog id (media, product, SKU, store) from a path or argument. Ids are positive
 * integers; anything else is INVALID_ID. A well-formed id beyond the stored range cannot exist,
 * so it comes back as `null` for the caller to answer "not found" without asking the database.
 */
export function parseCatalogId(sentId: string | number, what = 'id'): number | null {
  const text = typeof sentId === 'number' ? String(sentId) : sentId;
  if (!positiveInteger.test(text)) {
    throw new AppError('INVALID_ID', `${what} must be a positive integer, got "${text.slice(0, 64)}"`, {
      [what]: text.slice(0, 64),
    });
  }
  const value = Number(text);
  return value > maxCatalogId ? null : value;
}
