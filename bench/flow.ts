// "Reads while orders flow": a background stream of orders at a steady rate (an open loop: one
// order begun every 1/rate s, whatever the answers) while autocannon measures reads. Each order
// is what a shopper does: create a cart with one variant of a random product, give the buyer's
// details, submit; each submit takes stock, which drops what the gateway holds of that product.
import { Agent, request as httpRequest } from 'node:http';
import { randomInt } from './harness.js';

export interface Flow {
  /** Orders begun per second. */
  rate: number;
  placed: number;
  /** Orders that got an answer other than 200 on one of their three requests, or none. */
  failed: number;
}

const buyer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '1 Analytical Way',
  city: 'Los Angeles',
  province_code: 'CA',
  country_code: 'US',
  postal_code: '90001',
  email: 'ada@example.com',
};

/** Runs `measure` while orders of random products (ids 1 to `products`, SKU id = product id × 10) are placed at `rate` per second. */
export async function whileOrdersFlow<T>(
  base: string,
  rate: number,
  products: number,
  measure: () => Promise<T>,
): Promise<{ result: T; flow: Flow }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const post = (path: string, body: unknown) =>
    new Promise<{ status: number; body: string }>((resolve) => {
      const text = JSON.stringify(body);
      const request = httpRequest(
        `${base}${path}`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', () => resolve({ status: 0, body: '' }));
        },
      );
      request.on('error', () => resolve({ status: 0, body: '' }));
      request.end(text);
    });
  const flow: Flow = { rate, placed: 0, failed: 0 };
  const order = async () => {
    const cart = await post('/cart', {
      items: { storefront_cart_items_input: [{ variant_id: String(randomInt(1, products) * 10), quantity: 1 }] },
    });
    if (cart.status !== 200) return void (flow.failed += 1);
    const id = (JSON.parse(cart.body) as { id: string }).id;
    if ((await post('/cart/customerInfo', { id, buyer_identity: buyer })).status !== 200)
      return void (flow.failed += 1);
    if ((await post('/cart/submit', { id })).status === 200) flow.placed += 1;
    else flow.failed += 1;
  };
  let stopped = false;
  const open: Promise<void>[] = [];
  const sending = (async () => {
    const began = performance.now();
    for (let index = 0; !stopped; index += 1) {
      const wait = began + (index * 1000) / rate - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!stopped) open.push(order());
    }
  })();
  try {
    const result = await measure();
    return { result, flow };
  } finally {
    stopped = true;
    await sending;
    await Promise.all(open);
    agent.destroy();
  }
}

/**
 * Orders alone at `rate` for `seconds`, before any scenario measures reads beside them: the
 * order path's code warm, as the reads' is after their warm-up. A gateway's first thousand or so
 * orders run while V8 compiles that code (TurboFan, on its background threads): at 50 a second on
 * 2 cores those threads took about half a core for the first 5 s and a tenth after 25 s, and an
 * order's main-thread time fell by a quarter meanwhile, all of it CPU the reads measured beside
 * would otherwise lose to a warm-up.
 */
export async function warmOrderPath(base: string, rate: number, products: number, seconds: number): Promise<Flow> {
  const { flow } = await whileOrdersFlow(
    base,
    rate,
    products,
    () => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000)),
  );
  return flow;
}

/** How long warmOrderPath runs: 25 s (about 1,250 orders at 50 a second); a second in smoke mode. */
export const orderWarmupSeconds = (smoke: boolean): number => (smoke ? 1 : 25);
