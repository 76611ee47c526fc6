// The server: config → app → listen (not ready) → migrations → connect → demo seed → ready; and
// a graceful shutdown on every stop signal (stop-signals.ts), even one received while starting:
// not ready at once, in-flight requests finish, requests read from then on get 503, every answer
// closes its connection and no request already sent is reset (drain.ts), the webhook worker
// finishes or gives back its deliveries, then the database is closed. Whatever holds the
// shutdown, the process is gone at most SHUTDOWN_TIMEOUT_MS + 1.5 s after the signal (the
// watchdog's thread).
import 'reflect-metadata';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDatabase, sqliteFilePath, type Database, type Db } from './db/database.js';
import { applyMigrations } from './db/migrate.js';
import { rewriteStaleAnswers } from './catalog/product-answer.repository.js';
import { measureUnmeasuredShape } from './catalog/catalog-shape.repository.js';
import { buildApp } from './app.js';
import { Lifecycle } from './lifecycle.js';
import { stdoutDestination, type LogDestination } from './logging.js';
import { onStopSignal } from './stop-signals.js';
import { startWatchdog } from './watchdog.js';
import { trackConnections } from './drain.js';
import { createSweep } from './services.js';
import type { SweepReport } from './cart/cart.sweeper.js';
import { formatReport } from './catalog/import/importer.js';
import { seedDemo } from './demo-seed.js';
import { startDeliveryWorker, type DeliveryWorker } from './events/delivery.js';
import { startDeliveryThread } from './events/delivery-thread.js';
import { startTracing, stopTracing } from './tracing/tracing.js';

/** How long the last log lines may take to reach stdout before the process exits. */
const logFlushMs = 500;
/** The shutdown's last step: the spans still held (its own requests' among them) go out. */
function sendLastSpans(log: FastifyBaseLogger): Promise<void> {
  log.info('closed: sending the last spans');
  return stopTracing();
}

/** Past SHUTDOWN_TIMEOUT_MS and the log's flush, the watchdog kills the process after this. */
const watchdogMarginMs = 1_000;

/** True once the shutdown has begun: startup steps that fail after that only end early. */
let shuttingDown = false;

async function main(): Promise<void> {
  const config = loadConfig();
  // Tracing (OTEL_EXPORTER_OTLP_ENDPOINT) first: the database and the app trace only when it is on.
  if (config.tracing) await startTracing(config.tracing);
  const lifecycle = new Lifecycle('starting');
  const database = await createDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    readPoolSize: config.databaseReadPoolSize,
    statementTimeoutMs: config.statementTimeoutMs,
    // Past this, a write that meets another process's lock is a 503: the wait blocks the event loop.
    sqliteBusyTimeoutMs: 200,
    sqliteSynchronous: config.sqliteSynchronous,
    // SQLite's WAL checkpoints (5-10 ms of syncing each) in a thread, not on the event loop.
    checkpointThread: {
      onError: (error) =>
        app.log.error({ err: error }, 'the SQLite checkpoint thread failed: commits checkpoint on their own again'),
    },
  });
  const logs = stdoutDestination();
  const app = await buildApp(config, database, {
    lifecycle,
    logStream: logs.stream,
    droppedLogLines: () => logs.dropped,
    searchThread: true,
    eventsThread: true,
  });

  let deliveries: Pick<DeliveryWorker, 'stop'> | undefined;
  onStopSignal(shutdownOnSignal({ config, app, database, lifecycle, logs, deliveries: () => deliveries }));
  if (shuttingDown) return;

  await app.listen({ host: config.host, port: config.port });
  await prepareDatabase(config, database, lifecycle, app.log);
  await startSweeper(createSweep(config, database), app.log);
  if (!shuttingDown) {
    lifecycle.phase = 'ready';
    deliveries = startDeliveries(config, database, lifecycle, app.log);
    app.log.info('ready');
  }
}

interface Running {
  config: Config;
  app: FastifyInstance;
  database: Database;
  lifecycle: Lifecycle;
  logs: LogDestination;
  /** The webhook worker, once started. */
  deliveries: () => Pick<DeliveryWorker, 'stop'> | undefined;
}

/**
 * The shutdown, begun by the first stop signal: not ready, in-flight requests finish within
 * SHUTDOWN_TIMEOUT_MS (else the process exits anyway), then the database closes and the last
 * spans go out. The watchdog ends a shutdown that hangs past that and the log's flush.
 */
function shutdownOnSignal({ config, app, database, lifecycle, logs, deliveries }: Running): (signal: string) => void {
  const connections = trackConnections(app.server);
  const watchdog = startWatchdog((error) =>
    app.log.error({ err: error }, 'the shutdown watchdog failed: a shutdown that hangs will not be ended'),
  );
  let exiting = false;
  const exit = (code: number) => {
    if (exiting) return;
    exiting = true;
    // The last lines ("stopped") still get out, unless stdout does not take them in time.
    void logs.flush(logFlushMs).then(() => process.exit(code));
  };

  return (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    watchdog.arm(config.shutdownTimeoutMs + logFlushMs + watchdogMarginMs);
    lifecycle.phase = 'stopping';
    app.log.info(`${signal}: finishing in-flight requests`);
    // The steps not done yet, which the log names when the shutdown runs out of time.
    const pending = new Set<string>();
    const step = <T>(name: string, run: () => Promise<T>): Promise<T> => {
      pending.add(name);
      return run().finally(() => pending.delete(name));
    };
    const force = setTimeout(() => {
      // Every step done, the last log lines on their way out.
      if (exiting) return;
      const waiting = [...pending].join(', ');
      const after = config.shutdownTimeoutMs;
      app.log.error(`shutdown not done after ${after} ms (still waiting for: ${waiting}): exiting anyway`);
      exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // Answers close their connections, idle ones close once silent, and the listening socket
    // closes once the connections queued before the signal are accepted (drain.ts).
    connections.begin();
    // Webhook requests get half the shutdown time; the rest records them and gives back the claims.
    const delivering = deliveries();
    Promise.all([
      step('in-flight requests', () => connections.acceptQueued(config.shutdownTimeoutMs / 2).then(() => app.close())),
      delivering && step('webhook deliveries', () => delivering.stop(config.shutdownTimeoutMs / 2)),
    ])
      .then(() => step('the database connections', () => database.close()))
      // The last spans (the shutdown's requests among them) go out before the process exits.
      .then(() => step('the last trace spans', () => sendLastSpans(app.log)))
      .then(
        () => {
          app.log.info('stopped');
          exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          exit(1);
        },
      );
  };
}

/** Migrations, the connection, then what the stored data may need before the first request. */
async function prepareDatabase(
  config: Config,
  database: Database & { connect(): Promise<void> },
  lifecycle: Lifecycle,
  log: FastifyBaseLogger,
): Promise<void> {
  lifecycle.phase = 'migrating';
  const applied = await applyMigrations(config.databaseUrl);
  if (applied.length > 0) log.info({ migrations: applied }, 'applied migrations');
  await database.connect();

  if (config.seedDemo) await seedDemoCatalog(database.db, log);
  const rewritten = await rewriteStaleAnswers(database.db);
  if (rewritten > 0) log.info({ products: rewritten }, 'rewrote the answer texts of another format');
  if (await measureUnmeasuredShape(database.db)) log.info("measured the catalog's shape (the most items of each list)");
}

/** The webhook delivery worker: in a thread of its own on SQLite, on the event loop on PostgreSQL. */
function startDeliveries(
  config: Config,
  database: Database,
  lifecycle: Lifecycle,
  log: FastifyBaseLogger,
): Pick<DeliveryWorker, 'stop'> {
  if (database.provider === 'sqlite') {
    const settings = {
      file: sqliteFilePath(config.databaseUrl),
      synchronous: config.sqliteSynchronous,
      config: webhookSettings(config),
      lastRequest: lifecycle.lastRequest,
      tracing: config.tracing,
    };
    return startDeliveryThread(settings, log);
  }
  return startDeliveryWorker({
    sql: database.sql,
    config,
    log,
    busy: () => lifecycle.servedWithin(1_000),
    busyRate: config.webhookBusyRate,
  });
}

/** The settings the webhook delivery thread needs (data that can cross to a thread). */
function webhookSettings(config: Config) {
  const { webhookRetrySchedule, webhookAllowPrivateUrls, webhookMaxEndpoints, webhookBusyRate } = config;
  return { webhookRetrySchedule, webhookAllowPrivateUrls, webhookMaxEndpoints, webhookBusyRate };
}

/** Loads the demo catalog and its discounts into an empty catalog (SEED_DEMO). */
async function seedDemoCatalog(db: Db, log: FastifyBaseLogger): Promise<void> {
  const seeded = await seedDemo(db);
  if (!seeded) return;
  const codes = [...new Set(seeded.discounts.map((discount) => discount.code))].join(', ');
  log.info(
    `catalog was empty: loaded the demo catalog\n${formatReport(seeded.catalog)}\n` +
      `and ${seeded.discounts.length} demo discounts (codes: ${codes})`,
  );
}

/**
 * Expired carts, old Idempotency-Key records (and those past a caller's budget), old events and
 * player sessions past 48 hours: swept now and every 10 minutes.
 */
async function startSweeper(sweep: () => Promise<SweepReport>, log: FastifyBaseLogger): Promise<void> {
  const runSweep = () =>
    sweep().then(
      (report) =>
        Object.values(report).some((count) => count > 0) &&
        log.info(report, 'swept expired carts, idempotency records, old events and old player sessions'),
      (error: unknown) => log.warn({ err: error }, 'could not sweep expired carts'),
    );
  await runSweep();
  setInterval(() => void runSweep(), 10 * 60 * 1000).unref();
}

main().catch((error: unknown) => {
  if (shuttingDown) return;
  // A setting that cannot be used is the operator's to fix: its message says which and why.
  console.error(
    error instanceof ConfigError
      ? `configuration: ${error.message}`
      : error instanceof Error
        ? (error.stack ?? error.message)
        : error,
  );
  process.exit(1);
});
