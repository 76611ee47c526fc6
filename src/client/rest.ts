// The REST half of the client for shops: openapi-fetch over the types generated from the OpenAPI
// document, with one method per operation named by its operationId (`getProduct`, `addCartItems`,
// `submitCart`, …). Each method takes openapi-fetch's options ({ params: { path, query, header },
// body }) and answers { data } or { error } (the documented error body) with the Response.
import createClient, { type Client, type ClientOptions, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './generated/rest-api.js';
import { restOperations } from './generated/rest-operations.js';

type Operations = typeof restOperations;
export type RestOperationName = keyof Operations;
type PathOf<N extends RestOperationName> = Operations[N]['path'];
type MethodOf<N extends RestOperationName> = Operations[N]['method'];
type OperationOf<N extends RestOperationName> = NonNullable<paths[PathOf<N>][MethodOf<N>]>;
/** A method's options: path and query parameters, headers, body. */
export type RestInit<N extends RestOperationName> = MaybeOptionalInit<paths[PathOf<N>], MethodOf<N>>;
type Arguments<N extends RestOperationName> = undefined extends RestInit<N> ? [init?: RestInit<N>] : [init: RestInit<N>];

export type RestMethods = {
  [N in RestOperationName]: (...init: Arguments<N>) => Promise<FetchResponse<OperationOf<N>, RestInit<N>, 'application/json'>>;
};

export interface RestClientOptions extends ClientOptions {
  /** The gateway, e.g. https://gateway.example.com (no trailing path). */
  baseUrl: string;
  /** Sent as X-API-Key on every request, when the gateway runs with API_KEYS. */
  apiKey?: string;
}

/** The client: a method per operation, and openapi-fetch's own client by path as `byPath`. */
export type RestClient = RestMethods & { byPath: Client<paths> };

export function createRestClient({ apiKey, headers, ...options }: RestClientOptions): RestClient {
  const byPath = createClient<paths>({ ...options, headers: { ...(apiKey ? { 'x-api-key': apiKey } : {}), ...headersObject(headers) } });
  // One call site for every operation, its method and path from the generated table: the types of
  // each method are RestMethods', which the table and the generated paths give.
  const request = byPath.request as (method: string, path: string, init?: object) => Promise<unknown>;
  const table: Record<string, { method: string; path: string }> = restOperations;
  const methods = Object.fromEntries(Object.entries(table).map(([name, { method, path }]) => [name, (init?: object) => request(method, path, init)]));
  return { ...(methods as RestMethods), byPath };
}

/** Headers as one object, as openapi-fetch takes them: numbers and booleans as text, lists joined, null and undefined left out. */
function headersObject(headers: ClientOptions['headers']): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) {
    // forEach: in every lib that has Headers (entries() needs DOM.Iterable)
    const copied: Record<string, string> = {};
    headers.forEach((value, name) => (copied[name] = value));
    return copied;
  }
  const entries: [string, unknown][] = Array.isArray(headers) ? headers.map((pair): [string, unknown] => [String(pair[0]), pair[1]]) : Object.entries(headers);
  return Object.fromEntries(
    entries.flatMap(([name, value]): [string, string][] => {
      if (value === null || value === undefined) return [];
      return [[name, Array.isArray(value) ? value.map(String).join(', ') : String(value)]];
    }),
  );
}
