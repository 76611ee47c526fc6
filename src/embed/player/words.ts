// Every failure the player shows, in words a shopper (or the shop that embeds it) can act on: the
// API's error codes, a refused or missing API key, and a request the browser could not make told
// apart, as far as a browser can, into "the shop is out of reach" and "the shop refuses this page"
// (CORS). Pure: no DOM, so that the unit tests run it as the browser does (test/player/).

/** The buyer form's fields, by the API's names, with the label the form shows. */
export const fieldLabels = {
  firstName: 'First name',
  lastName: 'Last name',
  address1: 'Address',
  city: 'City',
  provinceCode: 'Province',
  postalCode: 'Postal code',
  countryCode: 'Country',
  email: 'Email',
  phone: 'Phone',
} as const;

export type BuyerField = keyof typeof fieldLabels;

/** An error in words, with the API's code (or one of the player's own) and, for form errors, its fields. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly fields: string[] = [],
    readonly fieldMessages: Record<string, string> = {},
    /** The error's `extensions.details` as the API sent them. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Any failure as an ApiError: those of the API as they are, anything else in general words. */
export const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError('Something went wrong. Please try again.', 'UNKNOWN');

/** The codes after which a cart id is of no more use: start a new cart. */
export const goneCartCodes = new Set(['CART_EXPIRED', 'CART_NOT_FOUND']);

const words: Record<string, string> = {
  NETWORK: 'Could not reach the shop. Check your connection and try again.',
  UNAUTHENTICATED: 'The shop did not accept this player’s API key: check its api-key attribute.',
  FORBIDDEN: 'This player is not allowed to do that.',
  RATE_LIMITED: 'Too many requests just now. Please wait a moment and try again.',
  SERVICE_UNAVAILABLE: 'The shop is briefly unavailable. Please try again in a moment.',
  INTERNAL_SERVER_ERROR: 'The shop ran into a problem. Please try again.',
  MEDIA_NOT_FOUND: 'This image or video could not be found.',
  PRODUCT_NOT_FOUND: 'This product could not be found.',
  CART_EMPTY: 'Your cart is empty: add a product first.',
  PRODUCTS_UNAVAILABLE:
    'Some items are no longer available in the quantity asked. Lower the quantity or remove them, then try again.',
  CART_ALREADY_SUBMITTED: 'This cart was already ordered.',
  CART_TOO_LARGE: 'Your cart is full: remove something first.',
  CURRENCY_MISMATCH:
    'This item is sold in another currency than the items in your cart. Order those first, then add it.',
  VARIANT_NOT_FOUND: 'This option is no longer sold.',
  SHIPPING_METHOD_NOT_FOUND: 'This shipping method is no longer offered.',
  IDEMPOTENCY_KEY_REUSED: 'This order attempt conflicts with another one. Please try again.',
};

/** A 401 when the player sent no key at all: the page must give it one. */
const noKeyWords = 'This player has no API key, and the shop requires one: set its api-key attribute.';

export interface GraphQLErrorShape {
  message?: string;
  extensions?: { code?: string; details?: Record<string, unknown> };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];

const labelled = (fields: string[]) =>
  fields.map((field) => (field in fieldLabels ? fieldLabels[field as BuyerField] : field)).join(', ');

/** The ApiError of one GraphQL error (or REST-shaped refusal), in words; `sentKey`: whether a key went with it. */
export function toApiError(error: GraphQLErrorShape | undefined, status = 0, sentKey = true): ApiError {
  const code = error?.extensions?.code ?? (status >= 500 ? 'SERVICE_UNAVAILABLE' : 'UNKNOWN');
  const details = error?.extensions?.details ?? {};
  const fields = strings(details.fields);
  const fieldMessages: Record<string, string> = {};
  if (details.messages && typeof details.messages === 'object') {
    for (const [field, text] of Object.entries(details.messages))
      if (typeof text === 'string') fieldMessages[field] = text;
  }
  let message = code === 'UNAUTHENTICATED' && !sentKey ? noKeyWords : words[code];
  if (code === 'BUYER_IDENTITY_MISSING') message = `Please fill in: ${labelled(fields)}.`;
  else if (code === 'BUYER_IDENTITY_INVALID') message = `Please check: ${labelled(fields)}.`;
  else if (code === 'CART_TOTAL_CHANGED') message = totalChangedWords(totalOf(details), warningsOf(details));
  message ??= error?.message ? `${error.message}.`.replace(/\.\.$/, '.') : `Something went wrong (${code}).`;
  return new ApiError(message, code, fields, fieldMessages, details);
}

/** The display value of `details.cost.total` (CART_TOTAL_CHANGED), if there is one. */
export function totalOf(details: Record<string, unknown>): string | null {
  const cost = details.cost as { total?: { displayValue?: unknown } } | undefined;
  const value = cost?.total?.displayValue;
  return typeof value === 'string' ? value : null;
}

/** The messages of `details.warnings`, each with the store it names, if any. */
export function warningsOf(details: Record<string, unknown>): { message: string; store: string | null }[] {
  const warnings = Array.isArray(details.warnings) ? (details.warnings as unknown[]) : [];
  return warnings.flatMap((warning) => {
    const { message, store } = (warning ?? {}) as { message?: unknown; store?: unknown };
    return typeof message === 'string' ? [{ message, store: typeof store === 'string' ? store : null }] : [];
  });
}

/** A message of the API in the names shoppers see: its store's display name for the store's name. */
export function inStoreNames(
  stores: readonly { store: string; storeName: string }[] | undefined,
  warning: { message: string; store?: string | null },
): string {
  const entry = stores?.find((each) => each.store === warning.store);
  return entry ? warning.message.split(entry.store).join(entry.storeName) : warning.message;
}

/**
 * What the buyer is told when the cart no longer costs the total they saw: the new total, why
 * (the cart's notices, when it has any), and that nothing was ordered until they confirm.
 */
export function totalChangedWords(total: string | null, warnings: { message: string }[]): string {
  const now = total ? `The total changed to ${total}` : 'The total changed';
  const why = warnings.length
    ? `: ${warnings.map((warning) => warning.message.replace(/\.$/, '')).join('; ')}.`
    : ' since you last saw it.';
  return `${now}${why} Nothing was ordered yet: check it, then place the order again to confirm.`;
}

/**
 * Why a request to the gateway failed before any answer, as far as a browser can tell: fetch
 * rejects alike when the gateway is out of reach and when it answered without letting this page
 * read the answer (CORS). From the gateway's own origin CORS plays no part: out of reach. From
 * another origin, `probe` (a `no-cors` request, which needs no permission and whose answer stays
 * unread) to the gateway's /healthz tells them apart: it too fails when the gateway is out of
 * reach, and succeeds when the gateway answers, so the first request was refused by CORS.
 */
export async function failedRequestError(
  endpoint: string,
  pageOrigin: string,
  probe: (url: string) => Promise<unknown>,
): Promise<ApiError> {
  const unreachable = new ApiError(words.NETWORK ?? 'Could not reach the shop.', 'NETWORK');
  let target: URL;
  try {
    target = new URL(endpoint);
  } catch {
    return unreachable;
  }
  if (target.origin === pageOrigin) return unreachable;
  try {
    await probe(`${endpoint.replace(/\/+$/, '')}/healthz`);
  } catch {
    return unreachable;
  }
  return new ApiError(
    `The shop does not accept requests from this page: ${pageOrigin} is not among the origins it allows (CORS).`,
    'CORS_REFUSED',
  );
}
