// A span for each SQL statement a request (or a webhook delivery) sends, a CLIENT span named by
// the statement's operation and table (`SELECT Cart`), with the statement's text
// (db.query.text: its placeholders, never the parameters' values) and the engine
// (db.system.name). Statements are traced only within a trace: the background work's (the
// delivery worker's polls, the sweeper) would otherwise start a trace of their own several times
// a second.
//
// Prisma's statements are traced by wrapping its driver adapter (every query, execute and
// transaction of the client goes through it: the statement text with the parameters apart);
// the catalog reader's by wrapping the reader (on PostgreSQL it has a pool of its own).
import { SpanKind, type Span, type Tracer } from '@opentelemetry/api';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';
import { overriding } from '../overriding.js';
import { inTrace, recordFailure } from './tracing.js';

export type DbSystem = 'sqlite' | 'postgresql';

/** `SELECT Cart`: the statement's first keyword and the first table it names (unquoted: "" or ``, without schema). */
export function statementName(sql: string): string {
  const operation = /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
  const table = /\b(?:FROM|INTO|UPDATE|JOIN)\s+((?:"[^"]+"|`[^`]+`|\w+)(?:\.(?:"[^"]+"|`[^`]+`|\w+))*)/i.exec(sql)?.[1];
  const name = table?.split('.').pop()?.replace(/["`]/g, '');
  return name ? `${operation} ${name}` : operation;
}

function startStatement(tracer: Tracer, system: DbSystem, sql: string): Span {
  return tracer.startSpan(statementName(sql), {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': system, 'db.query.text': sql },
  });
}

/** `run` (one statement) in its span, when within a trace; `run` alone otherwise. */
export function tracedStatement<T>(tracer: Tracer, system: DbSystem, sql: string, run: () => Promise<T>): Promise<T> {
  if (!inTrace()) return run();
  const span = startStatement(tracer, system, sql);
  const ran = run();
  ran.then(
    () => span.end(),
    (error: unknown) => {
      recordFailure(span, error);
      span.end();
    },
  );
  return ran;
}

interface Queryable {
  queryRaw: SqlDriverAdapter['queryRaw'];
  executeRaw: SqlDriverAdapter['executeRaw'];
}

function tracedQueries<Q extends Queryable>(tracer: Tracer, system: DbSystem, queryable: Q): Partial<Q> {
  const overrides: Partial<Queryable> = {
    queryRaw: (query: SqlQuery) => tracedStatement(tracer, system, query.sql, () => queryable.queryRaw(query)),
    executeRaw: (query: SqlQuery) => tracedStatement(tracer, system, query.sql, () => queryable.executeRaw(query)),
  };
  return overrides as Partial<Q>;
}

/**
 * A transaction's statements. Its end is traced where it is sent: with `usePhantomQuery` off (both
 * adapters) Prisma sends COMMIT or ROLLBACK as a statement, and commit()/rollback() then only give
 * the connection back; with it on, they send it themselves.
 */
function tracedTransaction(tracer: Tracer, system: DbSystem, transaction: Transaction): Transaction {
  if (!transaction.options.usePhantomQuery) return overriding(transaction, tracedQueries(tracer, system, transaction));
  return overriding(transaction, {
    ...tracedQueries(tracer, system, transaction),
    commit: () => tracedStatement(tracer, system, 'COMMIT', () => transaction.commit()),
    rollback: () => tracedStatement(tracer, system, 'ROLLBACK', () => transaction.rollback()),
  });
}

function tracedAdapter(tracer: Tracer, system: DbSystem, adapter: SqlDriverAdapter): SqlDriverAdapter {
  return overriding(adapter, {
    ...tracedQueries(tracer, system, adapter),
    executeScript: (script: string) => tracedStatement(tracer, system, script, () => adapter.executeScript(script)),
    startTransaction: async (...args: Parameters<SqlDriverAdapter['startTransaction']>) =>
      tracedTransaction(
        tracer,
        system,
        await tracedStatement(tracer, system, 'BEGIN', () => adapter.startTransaction(...args)),
      ),
  });
}

/** Prisma's driver adapter factory, its connections' statements traced. */
export function tracedAdapterFactory<
  F extends SqlDriverAdapterFactory & { connectToShadowDb?(): Promise<SqlDriverAdapter> },
>(tracer: Tracer, system: DbSystem, factory: F): F {
  const overrides: Partial<SqlDriverAdapterFactory> = {
    connect: async () => tracedAdapter(tracer, system, await factory.connect()),
  };
  return overriding(factory, overrides as Partial<F>);
}

/** The catalog reader's options of a read (db/reader.ts), passed on as they are. */
type ReadOptions = Record<string, unknown>;

/** What tracedReader needs of the catalog reader (db/reader.ts). */
interface Reader {
  all<Row>(sql: string, params: readonly (number | string)[], options?: ReadOptions): Promise<Row[]>;
  arrays<Row extends readonly unknown[]>(sql: string, params: readonly (number | string)[]): Promise<Row[]>;
}

/** The catalog reader, its statements traced. */
export function tracedReader<R extends Reader>(tracer: Tracer, system: DbSystem, reader: R): R {
  const overrides: Partial<Reader> = {
    all: <Row>(sql: string, params: readonly (number | string)[], options?: ReadOptions) =>
      tracedStatement(tracer, system, sql, () => reader.all<Row>(sql, params, options)),
    arrays: <Row extends readonly unknown[]>(sql: string, params: readonly (number | string)[]) =>
      tracedStatement(tracer, system, sql, () => reader.arrays<Row>(sql, params)),
  };
  return overriding(reader, overrides as Partial<R>);
}
