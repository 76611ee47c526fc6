// GraphQL subscriptions over Server-Sent Events, as the gateway serves them at /graphql/stream
// (graphql-sse's "distinct connections" mode: one POST per subscription, answered with
// `event: next` / `event: complete`). A small reader over fetch rather than graphql-sse's client:
// fetch can send the x-api-key header (EventSource cannot), and this is all the player needs.
// A dropped or completed stream is opened again (its first event is the current state, so
// nothing is missed); a refusal before the stream opens (404 ORDER_NOT_FOUND, 401, 400) is final.
// LiveOrders follows a confirmation's orders this way, each until its status is final.
import { toApiError, type ApiError, type Order, type ShopApi } from './api.js';
import { orderSubscription } from './documents.js';

interface StreamMessage {
  data?: Record<string, unknown> | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

export interface Subscription {
  close(): void;
}

/** The error of a refusal before the stream opened, from its JSON body if it has one, else its status. */
async function refusal(response: Response, sentKey: boolean): Promise<ApiError> {
  let body: StreamMessage & { code?: string; message?: string } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // no JSON: the status speaks
  }
  return toApiError(
    body.errors?.[0] ?? (body.code ? { message: body.message, extensions: { code: body.code } } : undefined),
    response.status,
    sentKey,
  );
}

/**
 * Reads an event stream, giving each event's name and data to `onEvent` until the stream ends or
 * drops, or `onEvent` returns false.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: string) => boolean,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          const keepOn = onEvent(event || 'message', data.join('\n'));
          event = '';
          data = [];
          if (!keepOn) return;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (name === 'event') event = text;
        else if (name === 'data') data.push(text);
      }
    }
  } catch {
    // dropped (or closed by us): the caller opens it again unless closed
  }
}

/**
 * Subscribes; `onData` gets the root field of each `next`, `onError` a final error (the
 * subscription then stops). Returns the handle that closes it.
 */
export function subscribe<T>(
  api: ShopApi,
  query: string,
  variables: Record<string, unknown>,
  field: string,
  onData: (data: T) => void,
  onError: (error: ApiError) => void,
): Subscription {
  let closed = false;
  let controller: AbortController | undefined;
  let delay = 500;

  const again = () => {
    if (closed) return;
    setTimeout(() => void open(), delay);
    delay = Math.min(delay * 2, 15_000);
  };

  /** One event of the stream; false when it ends the subscription (its controller then aborted). */
  const handle = (event: string, data: string): boolean => {
    if (event !== 'next' || !data) return true;
    let message: StreamMessage;
    try {
      message = JSON.parse(data) as StreamMessage;
    } catch {
      return true;
    }
    if (message.errors?.length) {
      onError(toApiError(message.errors[0]));
      closed = true;
      controller?.abort();
      return false;
    }
    const value = message.data?.[field];
    if (value !== undefined && value !== null) {
      delay = 500;
      onData(value as T);
    }
    return true;
  };

  const open = async () => {
    if (closed) return;
    controller = new AbortController();
    let response: Response;
    try {
      response = await fetch(`${api.endpoint}/graphql/stream`, {
        method: 'POST',
        headers: api.headers('text/event-stream'),
        body: JSON.stringify({ query, variables }),
        signal: controller.signal,
      });
    } catch {
      return again();
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('text/event-stream') || !response.body) {
      if (response.status >= 500 || response.status === 429) return again();
      const error = await refusal(response, api.apiKey !== null);
      closed = true;
      onError(error);
      return;
    }
    await readEvents(response.body, handle);
    again();
  };

  void open();
  return {
    close() {
      closed = true;
      controller?.abort();
    },
  };
}

const finalStatuses = new Set(['FULFILLED', 'CANCELLED', 'FAILED']);

/** Orders' statuses followed live until final, one subscription per order. */
export class LiveOrders {
  private readonly live = new Map<string, Subscription>();

  constructor(private readonly api: ShopApi) {}

  /** Follows these orders (and no others): `onUpdate` gets each new state, `onError` an order's final error. */
  follow(orders: Order[], onUpdate: (order: Order) => void, onError: (error: ApiError) => void): void {
    for (const [id, subscription] of this.live) {
      if (orders.some((order) => order.id === id)) continue;
      subscription.close();
      this.live.delete(id);
    }
    for (const order of orders) {
      if (this.live.has(order.id) || finalStatuses.has(order.status)) continue;
      const subscription = subscribe<Order>(
        this.api,
        orderSubscription,
        { orderId: order.id },
        'orderUpdated',
        (updated) => {
          if (finalStatuses.has(updated.status)) {
            this.live.get(updated.id)?.close();
            this.live.delete(updated.id);
          }
          onUpdate(updated);
        },
        (error) => {
          this.live.delete(order.id);
          onError(error);
        },
      );
      this.live.set(order.id, subscription);
    }
  }

  stop(): void {
    for (const subscription of this.live.values()) subscription.close();
    this.live.clear();
  }
}
