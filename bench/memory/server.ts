// The memory limit: a plain Fastify (the project's Fastify, logger off) that holds every answer
// it will be asked for, pre-serialized, and sends those bytes. No database, no serialization,
// no per-request work beyond routing and one Map lookup: the ceiling of any cache on this machine.
//
// At startup it fetches, from the running raw baseline (bench/baseline/server.ts), the answer of
// `GET /product/{id}` for every product id and of `GET /image/comparables/{id}` for every image
// id the bench asks for, and keeps each as a Buffer keyed by its URL. For the GraphQL scenario it
// reads the gateway's own answers (captured by bench/run.ts during the warm gateway's warm-up
// pass) keyed by the exact request body, and serves them on `POST /graphql`; the body is taken
// as a string, never parsed, as a response cache keyed by the request would.
//
// Usage: node dist/bench/memory/server.js <spec file> <port>; the spec (JSON) is
// { source: "http://127.0.0.1:<baseline port>", products: number, images: number, graphqlAnswers: "<file>" | null }.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface Spec {
  source: string;
  /** Product ids 1..products. */
  products: number;
  /** Image ids 1..images. */
  images: number;
  /** A JSON file { "<request body>": "<answer text>" }, or null (no GraphQL). */
  graphqlAnswers: string | null;
}

const [specFile, port] = process.argv.slice(2);
if (!specFile || !port) throw new Error('usage: server.js <spec file> <port>');
const spec = JSON.parse(readFileSync(specFile, 'utf8')) as Spec;
const started = Date.now();

const byUrl = new Map<string, Buffer>();
const byBody = new Map<string, Buffer>();

/** Runs `work` on every item, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const urls = [
  ...Array.from({ length: spec.products }, (_, index) => `/product/${index + 1}`),
  ...Array.from({ length: spec.images }, (_, index) => `/image/comparables/${index + 1}`),
];
await pool(urls, 16, async (url) => {
  const response = await fetch(spec.source + url);
  if (!response.ok) throw new Error(`${url}: ${response.status} from the baseline`);
  byUrl.set(url, Buffer.from(await response.arrayBuffer()));
});
if (spec.graphqlAnswers) {
  for (const [body, answer] of Object.entries(
    JSON.parse(readFileSync(spec.graphqlAnswers, 'utf8')) as Record<string, string>,
  ))
    byBody.set(body, Buffer.from(answer));
}

let bytes = 0;
for (const buffer of [...byUrl.values(), ...byBody.values()]) bytes += buffer.length;
console.log(
  `memory limit server: ${byUrl.size + byBody.size} answers (${byUrl.size} REST, ${byBody.size} GraphQL), ${(bytes / 2 ** 20).toFixed(1)} MiB pre-serialized, loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const app = Fastify({ logger: false });
// The body stays the string it came as: it is the key.
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

const json = 'application/json; charset=utf-8';
const notFound = JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'not held' });

app.get('/product/:id', (request, reply) => {
  const answer = byUrl.get(request.url);
  if (answer) return reply.header('content-type', json).send(answer);
  return reply.code(404).header('content-type', json).send(notFound);
});

app.get('/image/comparables/:id', (request, reply) => {
  const answer = byUrl.get(request.url);
  if (answer) return reply.header('content-type', json).send(answer);
  return reply.code(404).header('content-type', json).send(notFound);
});

app.post('/graphql', (request, reply) => {
  const answer = typeof request.body === 'string' ? byBody.get(request.body) : undefined;
  if (answer) return reply.header('content-type', json).send(answer);
  return reply.code(404).header('content-type', json).send(notFound);
});

// What it holds, for the report.
app.get('/_held', (_request, reply) => reply.send({ answers: byUrl.size + byBody.size, bytes }));

await app.listen({ host: '127.0.0.1', port: Number(port) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
