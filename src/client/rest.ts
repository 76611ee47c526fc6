// The REST half of the client for shops: openapi-fetch over the types generated from the OpenAPI
// document, with one method per operation named by its operationId (`getProduct`, `addCartItems`,
// `submitCart`, …). Each method takes openapi-fetch's options ({ params: { path, query, header },
// body }) and answers { data } or { error } (the documented error body) with the Response.
import createClient, {
  type Client,
  type ClientOptions,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import type { paths } from './generated/rest-api.js';
import { restOperations } from './generated/rest-operations.js';

type Operations = typeof restOperations;
export type RestOperationName = keyof Operations;
type PathOf<N extends RestOperationName> = Operations[N]['path'];
type MethodOf<N extends RestOperationName> = Operations[N]['method'];
type OperationOf<N extends RestOperationName> = NonNullable<paths[PathOf<N>][MethodOf<N>]>;
/** A method's options: path and query parameters, headers, body. */
export type RestInit<N extends RestOperationName> = MaybeOptionalInit<paths[PathOf<N>], MethodOf<N>>;
type Arguments<N extends RestOperationName> =
  undefined extends RestInit<N> ? [init?: RestInit<N>] : [init: RestInit<N>];

export type RestMethods = {
  [N in RestOperationName]: (
    ...init: Arguments<N>
  ) => Promise<FetchResponse<OperationOf<N>, RestInit<N>, 'application/json'>>;
};

export interface RestClientOptions extends ClientOptions {
  /** The gateway, e.g. https://gateway.example.com (no trailing path). */
  baseUrl: string;
  /** Sent as X-API-Key on every request, when the gateway runs with API_KEYS. */
  apiKey?: string;
}

/** The client: a method per operation, and openapi-fetch's own client by path as `byPath`. */
export type RestClient = RestMethods & { byPath: Client<paths> };

export function createRestClient({ apiKey, ...options }: RestClientOptions): RestClient {
  const byPath = createClient<paths>(options);
  // The key on every request that does not name one itself; the other headers as openapi-fetch takes them.
  if (apiKey) {
    byPath.use({
      onRequest: ({ request }) => {
        if (!request.headers.has('x-api-key')) request.headers.set('x-api-key', apiKey);
      },
    });
  }
  // One call site for every operation, its method and path from the generated table: the types of
  // each method are RestMethods', which the table and the generated paths give.
  const request = byPath.request as (method: string, path: string, init?: object) => Promise<unknown>;
  const table: Record<string, { method: string; path: string }> = restOperations;
  const methods = Object.fromEntries(
    Object.entries(table).map(([name, { method, path }]) => [name, (init?: object) => request(method, path, init)]),
  );
  return { ...(methods as RestMethods), byPath };
}
