// The error answers of REST routes, for their schemas: every status a route can answer with, the
// codes it can carry there (the shape docs/rest.md, "Errors", documents: statusCode, code, error, message, details?)
// and an example of each. A route lists the codes its own work can raise; `errors()` adds the
// ones any route can answer with (limits, keys, faults).
import { hash } from 'node:crypto';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { Named } from './schema.js';
import { errorStatus, reasonPhrase, type ErrorCode } from '../errors.js';

interface Example {
  message: string;
  details?: Record<string, unknown>;
}

/** One example of each code, as the service words it. */
const examples: Record<ErrorCode, Example> = {
  INVALID_ID: { message: 'id must be a positive integer, got "abc"', details: { id: 'abc' } },
  INVALID_JSON: { message: 'The request body is not valid JSON' },
  VALIDATION_FAILED: {
    message: 'body/quantity must be integer',
    details: { problems: [{ path: 'body/item/quantity', message: 'must be integer' }] },
  },
  QUERY_TOO_COMPLEX: { message: 'The operation is too complex' },
  ANSWER_TOO_LARGE: {
    message: 'The answer would hold more than 50000 catalog records (products, SKUs, media, placements); ask for less',
    details: { max_objects: 50000 },
  },
  UNAUTHENTICATED: { message: 'A valid API key is required: Authorization: Bearer <key> or x-api-key: <key>' },
  FORBIDDEN: { message: 'This operation needs an admin key' },
  MEDIA_NOT_FOUND: { message: 'No image with id 999' },
  PRODUCT_NOT_FOUND: { message: 'No product with id 999' },
  CART_NOT_FOUND: { message: 'No cart with id 5a0c…' },
  CART_EXPIRED: { message: 'The cart expired: start a new cart' },
  ORDER_NOT_FOUND: { message: 'No order with id 7f3e…' },
  WEBHOOK_NOT_FOUND: { message: 'No webhook endpoint with id 2b9d…' },
  DELIVERY_NOT_FOUND: { message: 'No delivery 4c1a… of this endpoint', details: { delivery_id: '4c1a…' } },
  DISCOUNT_NOT_FOUND: { message: 'No discount with id 99', details: { id: '99' } },
  ROUTE_NOT_FOUND: { message: 'No route GET /nowhere' },
  METHOD_NOT_ALLOWED: { message: 'Method not allowed' },
  CART_ALREADY_SUBMITTED: { message: 'The cart was submitted and cannot change' },
  IDEMPOTENCY_KEY_REUSED: { message: 'This Idempotency-Key was used for another request' },
  CART_TOTAL_CHANGED: {
    message: 'The cart costs $218.79, not the $217.72 expected: look at it again before submitting',
    details: {
      cost: {
        is_estimated: false,
        subtotal: { value: 191.8, display_value: '$191.80', currency: 'USD' },
        tax: { value: 13.75, display_value: '$13.75', currency: 'USD' },
        shipping: { value: 13.24, display_value: '$13.24', currency: 'USD' },
        discount: { value: 0, display_value: '$0.00', currency: 'USD' },
        total: { value: 218.79, display_value: '$218.79', currency: 'USD' },
      },
      warnings: [
        {
          code: 'PRICE_CHANGED',
          message: 'The price of variant 2011 (Rain Shell S) changed from $44.99 to $45.49',
          store: 'north.example',
          variant_id: '2011',
        },
      ],
    },
  },
  DISCOUNT_CODE_TAKEN: {
    message: 'Store North Outfitters already has a discount with the code spring10',
    details: { code: 'spring10', store: 'North Outfitters' },
  },
  MEDIA_SLUG_TAKEN: {
    message: 'Image 12 has the slug "autumn-ridge-layers"',
    details: { type: 'image', slug: 'autumn-ridge-layers', media_id: '12' },
  },
  PRECONDITION_FAILED: { message: 'Precondition Failed' },
  PAYLOAD_TOO_LARGE: { message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { message: 'Unsupported Media Type: text/plain' },
  RANGE_NOT_SATISFIABLE: { message: 'Range Not Satisfiable' },
  VARIANT_NOT_FOUND: { message: 'No variant with id 999', details: { variant_id: '999' } },
  VARIANT_PRODUCT_MISMATCH: {
    message: 'Variant 101 is not a variant of product 12',
    details: { variant_id: '101', product_id: '12' },
  },
  VARIANT_REQUIRED: { message: 'Product 11 has several variants: name one', details: { variant_ids: ['101', '102'] } },
  CURRENCY_MISMATCH: { message: 'The cart is in USD; this item is in EUR' },
  SHIPPING_METHOD_NOT_FOUND: { message: 'Store "Acme" has no shipping method "drone"' },
  BUYER_IDENTITY_INVALID: {
    message: 'The buyer identity is not valid',
    details: { fields: ['email'], messages: ['email is not an e-mail address'] },
  },
  BUYER_IDENTITY_MISSING: { message: 'Submit needs a complete buyer identity', details: { fields: ['postal_code'] } },
  CART_EMPTY: { message: 'The cart has no lines' },
  PRODUCTS_UNAVAILABLE: {
    message: 'Some variants are not available in the quantity asked',
    details: { variant_ids: ['101'] },
  },
  INVALID_ORDER_TRANSITION: {
    message: 'An order FULFILLED cannot become PLACED',
    details: { from: 'FULFILLED', to: 'PLACED', allowed: [] },
  },
  TOO_MANY_ITEMS: { message: 'At most 100 items per request' },
  CART_TOO_LARGE: { message: 'A cart holds at most 250 lines' },
  MEDIA_NOT_ATTRIBUTABLE: {
    message: 'Media 7 does not show product 12 (variant 1201)',
    details: { index: 0, media_id: '7', placement_id: null, variant_id: '1201', product_id: '12' },
  },
  WEBHOOK_LIMIT_REACHED: {
    message: 'At most 100 webhook endpoints may exist; delete one first',
    details: { max: 100 },
  },
  STORE_NOT_FOUND: { message: 'No store named "Nowhere"', details: { store: 'Nowhere' } },
  DISCOUNT_USAGE_LIMIT_REACHED: {
    message:
      'The discount SPRING10 of north.example has no use left: the cart no longer gets it; look at it ' +
      'again before submitting',
    details: { store: 'north.example', discount_code: 'SPRING10' },
  },
  DISCOUNT_BUYER_LIMIT_REACHED: {
    message:
      'The discount WELCOME of north.example has no use left for this buyer: the cart no longer gets it; ' +
      'look at it again before submitting',
    details: { store: 'north.example', discount_code: 'WELCOME' },
  },
  RATE_LIMITED: { message: 'Rate limit exceeded, retry in 60 seconds' },
  INTERNAL_SERVER_ERROR: { message: 'Internal Server Error' },
  SERVICE_UNAVAILABLE: { message: 'The database is not answering; retry shortly' },
  SEARCH_UNAVAILABLE: {
    message: 'The search index does not fit in SEARCH_MEMORY_MB (512 MiB); retry in 5 s',
    details: { retry_after_seconds: 5 },
  },
};

const retryAfter = { 'retry-after': { type: 'integer', description: 'Seconds to wait before retrying.' } };

/** Every error answer's shape; each route's answers narrow `code` to the codes it can carry. */
export const ErrorBody = Named(
  'Error',
  Type.Object({
    statusCode: Type.Integer({ description: 'The HTTP status.' }),
    code: Type.Unsafe<ErrorCode>({
      type: 'string',
      enum: Object.keys(errorStatus),
      description: 'Stable: what clients branch on.',
    }),
    error: Type.String({ description: 'The HTTP reason phrase.' }),
    message: Type.String({ description: 'For people; may change.' }),
    details: Type.Optional(
      Type.Unsafe<Record<string, unknown>>({
        type: 'object',
        additionalProperties: true,
        description: 'What the code says more precisely.',
      }),
    ),
  }),
);

/** The example of each code, for the document's components.examples. */
export function errorExamples(): Record<string, { summary: string; value: unknown }> {
  return Object.fromEntries(
    (Object.keys(examples) as ErrorCode[]).map((code) => {
      const status = errorStatus[code];
      return [
        code,
        {
          summary: `${status} ${code}`,
          value: { statusCode: status, code, error: reasonPhrase[status] ?? 'Error', ...examples[code] },
        },
      ];
    }),
  );
}

/** The error answer of one status carrying these codes. */
export function errorSchema(status: number, codes: ErrorCode[]): TSchema {
  const schema = Type.Unsafe<Static<typeof ErrorBody>>({
    allOf: [{ $ref: `${ErrorBody.$id}#` }, { type: 'object', properties: { code: { enum: codes } } }],
    description: codes.join(', '),
    'x-examples': Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }])),
  });
  return status === 503 || status === 429 ? { ...schema, headers: retryAfter } : schema;
}

/** Codes any route can answer with. */
const anyRoute: ErrorCode[] = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'RATE_LIMITED',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
];
/** Codes any route that reads a JSON body can answer with. */
export const bodyErrors: ErrorCode[] = ['INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

/** Response schemas of the errors a route answers with: its own codes and those of any route. */
export function errors(...codes: ErrorCode[]): Record<number, TSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...codes, ...anyRoute])) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [status, errorSchema(status, list)]),
  );
}

/**
 * Sends an answer already written as JSON text (the read model's) when there is one (true); else
 * the handler reads the long way.
 */
export function sendText(reply: FastifyReply, text: string | undefined): text is string {
  if (text === undefined) return false;
  void reply.type('application/json; charset=utf-8').send(text);
  return true;
}

/** The opaque part of an ETag made from an answer's bytes: the same bytes, the same tag (22 characters). */
export function contentTag(body: string | Buffer): string {
  // One-shot: no Hash object per answer. Each is a native object the young generation's collections
  // must visit through a weak handle (0.3-0.7 ms a collection under cold product reads, now 0.01).
  return hash('sha256', body, 'base64url').slice(0, 22);
}
