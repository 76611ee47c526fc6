// Where the process is, for load balancers and orchestrators: while the server migrates, requests
// wait for it rather than fail (the readiness gate); GET /readyz answers 200 once it is ready and
// GET /healthz while the database answers. GET /metrics is the metrics plugin's (metrics/).
import { Type } from '@sinclair/typebox';
import type { Database } from '../db/database.js';
import { retryAfterSeconds } from '../db/faults.js';
import { DatabaseHealth, failedWriteRetryMs, healthTimeoutMs, writeProbeIntervalMs } from '../db/health.js';
import { AppError, errorBody } from '../errors.js';
import type { Lifecycle } from '../lifecycle.js';
import { appPlugin } from '../plugin.js';
import { errorSchema } from '../rest/responses.js';

/** The answer of /healthz and /readyz. */
const Probe = Type.Object({
  status: Type.String({ description: 'ok / ready; else why not: unavailable, starting, migrating, stopping.' }),
});

/** An onRequest hook after the rate limit's: with a Lifecycle that is ready already, none at all. */
export const readinessGatePlugin = appPlugin('readiness-gate', async (app, { lifecycle }: { lifecycle: Lifecycle }) => {
  if (lifecycle.ready) return;
  // While the server migrates, requests wait for it (at most 30 s) rather than fail; probes
  // answer at once. One comparison per request once ready.
  app.addHook('onRequest', async (request, reply) => {
    if (lifecycle.ready || request.url === '/healthz' || request.url === '/readyz') return;
    if (await lifecycle.waitUntilReady(30_000)) return;
    const error = new AppError('SERVICE_UNAVAILABLE', `The service is ${lifecycle.phase}; try again shortly`);
    await reply.status(error.statusCode).header('retry-after', '1').send(errorBody(error));
  });
});

export interface ProbesOptions {
  lifecycle: Lifecycle;
  database: Pick<Database, 'db' | 'reader'>;
}

export const probesPlugin = appPlugin('probes', async (app, { lifecycle, database }: ProbesOptions) => {
  // When the last request came in: the webhook worker drains a backlog more slowly while requests flow.
  app.addHook('onRequest', (_request, _reply, done) => {
    lifecycle.requestArrived();
    done();
  });
  const probe = (summary: string) => ({
    schema: {
      tags: ['Operations'],
      summary,
      security: [],
      response: {
        200: Probe,
        // The URL check every request meets (a NUL character, a malformed escape).
        400: errorSchema(400, ['VALIDATION_FAILED']),
        503: { ...Probe, description: 'Not ready, or the database is not answering.' },
      },
    },
  });

  app.get('/readyz', probe('Readiness: ready once migrations ran'), async (_request, reply) => {
    if (lifecycle.ready) return { status: 'ready' };
    return reply.status(503).send({ status: lifecycle.phase });
  });

  const health = new DatabaseHealth(database.db, app.log, database.reader);
  app.get(
    '/healthz',
    probe(
      `Liveness: the database answers a read within ${healthTimeoutMs / 1000} s and takes a write (tried ` +
        `at most every ${writeProbeIntervalMs / 1000} s, every ${failedWriteRetryMs} ms once one failed)`,
    ),
    async (_request, reply) => {
      // Before migrations finish the database is not to be touched (SQLite is held exclusively).
      if (lifecycle.phase === 'starting' || lifecycle.phase === 'migrating')
        return reply.status(503).send({ status: lifecycle.phase });
      if (await health.healthy()) return { status: 'ok' };
      return reply.status(503).header('retry-after', String(retryAfterSeconds)).send({ status: 'unavailable' });
    },
  );
});
