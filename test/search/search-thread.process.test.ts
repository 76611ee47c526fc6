// The server's search thread, in real gateway processes under `npm start`'s heap (224 MiB) on the
// engine under test: an index larger than SEARCH_MEMORY_MB is not built and searches answer 503
// SEARCH_UNAVAILABLE with Retry-After while every other route answers and the process lives; with
// room, the index is built in the thread and searched; more searches than SEARCH_QUEUE_MAX at once
// are answered 503 at once; a stop signal ends the thread with the process.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../pg.js';
import { json, processFixture, stopGateway, until, type Gateway, type ProcessFixture } from '../process/gateway.js';
import { wordOf, wordyCatalog } from './wordy-catalog.js';

/** 1,500 products of 200 words of their own: about 21 MiB of index, more than 16. */
const products = 1_500;
const heap = { NODE_OPTIONS: '--max-old-space-size=224' };

let fixture: ProcessFixture;
beforeAll(async () => {
  fixture = await processFixture(wordyCatalog(products));
}, 120_000);
afterAll(() => fixture?.close());

const search = (gateway: Gateway, query: string) =>
  json('GET', `${gateway.base}/search/products?q=${encodeURIComponent(query)}&limit=5`);

interface RawAnswer {
  status: number;
  retryAfter: string | null;
  body: { code?: string; total?: number };
}

/** `count` GETs of `path` written at once on one connection (pipelined): the server reads them in one go. */
function pipelined(gateway: Gateway, path: string, count: number): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(gateway.port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    const answers: RawAnswer[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
        if (buffer.length < end + 4 + length) return;
        const body = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8')) as RawAnswer['body'];
        answers.push({
          status: Number(head.split(' ')[1]),
          retryAfter: /\r\nretry-after: *(\S+)/i.exec(head)?.[1] ?? null,
          body,
        });
        buffer = buffer.subarray(end + 4 + length);
        if (answers.length === count) {
          socket.end();
          resolve(answers);
          return;
        }
      }
    });
    socket.write(Array.from({ length: count }, () => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(''));
  });
}

describe(`the search thread (${testEngine})`, () => {
  it('an index larger than SEARCH_MEMORY_MB: search answers 503 SEARCH_UNAVAILABLE with Retry-After, everything else answers, the process lives', async () => {
    const gateway = await fixture.start({ env: { ...heap, SEARCH_MEMORY_MB: '16' } });
    await until(
      async () => gateway.output.join('').includes('the search index would take more than 16 MiB'),
      'the build to give up',
      30_000,
    );
    const answer = await search(gateway, 'wordy');
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('SEARCH_UNAVAILABLE');
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(answer.body.details).toStrictEqual({ retry_after_seconds: retryAfter });
    expect(answer.body.message).toBe(
      `The search index does not fit in SEARCH_MEMORY_MB (16 MiB); retry in ${retryAfter} s`,
    );
    const graphql = await fetch(`${gateway.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ searchProducts(query: "wordy") { totalCount } }' }),
    });
    expect(graphql.status).toBe(503);
    expect(Number(graphql.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(
      ((await graphql.json()) as { errors: { extensions: { code: string } }[] }).errors.map(
        (error) => error.extensions.code,
      ),
    ).toStrictEqual(['SEARCH_UNAVAILABLE']);
    expect((await json('GET', `${gateway.base}/product/1`)).status).toBe(200);
    expect((await json('GET', `${gateway.base}/healthz`)).status).toBe(200);
    expect(gateway.process.exitCode).toBe(null);
    expect(gateway.output.join('')).toContain('searches answer 503 SEARCH_UNAVAILABLE');
  }, 120_000);

  it('with room: the index is built in the thread and searched; past SEARCH_QUEUE_MAX, 503 at once; a stop signal ends thread and process', async () => {
    const gateway = await fixture.start({ env: { ...heap, SEARCH_QUEUE_MAX: '1' } });
    await until(async () => (await search(gateway, 'wordy')).status === 200, 'the index', 30_000);
    const found = await search(gateway, `${wordOf(7, 3)} ${wordOf(7, 150)}`);
    expect(found.status).toBe(200);
    expect({
      total: found.body.total,
      ids: (found.body.products as { id: number }[]).map((product) => product.id),
    }).toStrictEqual({ total: 1, ids: [7] });
    expect((await search(gateway, 'wordy')).body.total).toBe(products);

    // Twenty searches read at once: the first waits for the thread, the queue is full for the others.
    const answers = await pipelined(gateway, '/search/products?q=wordy&limit=100', 20);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 200).every((answer) => answer.body.total === products)).toBe(
      true,
    );
    expect(new Set(busy.map((answer) => `${answer.body.code} ${answer.retryAfter}`))).toStrictEqual(
      new Set(['SEARCH_UNAVAILABLE 1']),
    );
    expect(busy.length + answers.filter((answer) => answer.status === 200).length).toBe(20);

    const stopped = await stopGateway(gateway);
    expect(stopped.code, stopped.output).toBe(0);
  }, 120_000);
});
