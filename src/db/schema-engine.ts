// Prisma's schema engine compiled to Wasm, driven over the same driver adapters as the client.
// It replaces the native `schema-engine` binary that the Prisma CLI would download (impossible
// offline), and writes the standard migrations folder and `_prisma_migrations` table.
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlDriverAdapter,
} from '@prisma/driver-adapter-utils';
import type { SchemaEngine, MigrationList, SchemaFilter } from '@prisma/schema-engine-wasm';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { DatabaseProvider } from '../config.js';
import { projectRoot } from '../paths.js';

const require = createRequire(import.meta.url);

export { projectRoot } from '../paths.js';

export function schemaPath(provider: DatabaseProvider): string {
  return join(projectRoot, 'prisma', provider, 'schema.prisma');
}

export function migrationsDir(provider: DatabaseProvider): string {
  return join(projectRoot, 'prisma', provider, 'migrations');
}

export const noFilters: SchemaFilter = { externalTables: [], externalEnums: [] };

// Node has WebAssembly; the Node 20 type definitions in use here do not declare it.
const wasmRuntime = (
  globalThis as unknown as {
    WebAssembly: {
      instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
    };
  }
).WebAssembly;

let wasmReady: Promise<void> | undefined;

function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const bytes = await readFile(join(dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm'));
    const { instance } = await wasmRuntime.instantiate(bytes, { './schema_engine_bg.js': bindings });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return wasmReady;
}

/**
 * The engine sends parameterless multi-statement SQL through executeRaw, which better-sqlite3
 * refuses (one statement per prepare); such calls go to executeScript instead.
 */
function scriptAwareSqlite(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      if (property === 'executeRaw') {
        return (query: { sql: string; args: unknown[] }) =>
          query.args.length === 0 ? target.executeScript(query.sql).then(() => 0) : target.executeRaw(query as never);
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

interface PgQueryable {
  performIO(query: unknown): Promise<{ fields: { dataTypeID: number }[] }>;
  startTransaction?(isolationLevel?: unknown): Promise<unknown>;
}

const pgCharOid = 18;
const pgTextOid = 25;

/**
 * pg's adapter cannot deserialize the internal `"char"` type (OID 18) that the engine's catalog
 * queries return; reported as text (OID 25) it reads fine. Only the migrating process does this.
 */
function charAsText<T extends object>(queryable: T): T {
  const target = queryable as unknown as PgQueryable;
  const performIO = target.performIO.bind(target);
  target.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) if (field.dataTypeID === pgCharOid) field.dataTypeID = pgTextOid;
    return result;
  };
  const startTransaction = target.startTransaction?.bind(target);
  if (startTransaction)
    target.startTransaction = async (level) => charAsText((await startTransaction(level)) as object);
  return queryable;
}

/** The engine does not close what it opens when freed: `opened` collects it for dispose(). */
function adaptForEngine(
  provider: DatabaseProvider,
  factory: SqlMigrationAwareDriverAdapterFactory,
  opened: SqlDriverAdapter[],
): SqlMigrationAwareDriverAdapterFactory {
  const wrap = provider === 'sqlite' ? scriptAwareSqlite : charAsText<SqlDriverAdapter>;
  const track = (adapter: SqlDriverAdapter) => {
    opened.push(adapter);
    return wrap(adapter);
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => track(await factory.connect()),
    connectToShadowDb: async () => track(await factory.connectToShadowDb()),
  };
}

export interface EngineHandle {
  engine: SchemaEngine;
  /** Turns "External error id#N" into the driver error behind it. */
  explain(error: unknown): Error;
  dispose(): Promise<void>;
}

export async function openEngine(
  provider: DatabaseProvider,
  factory: SqlMigrationAwareDriverAdapterFactory,
  log: (line: string) => void = () => {},
): Promise<EngineHandle> {
  await loadWasm();
  const path = schemaPath(provider);
  const text = await readFile(path, 'utf8');
  const opened: SqlDriverAdapter[] = [];
  const bound = bindMigrationAwareSqlAdapterFactory(adaptForEngine(provider, factory, opened));
  const engine = await bindings.SchemaEngine.new({ datamodels: [[path, text]] }, log, bound);
  return {
    engine,
    explain(error: unknown): Error {
      const message = error instanceof Error ? error.message : String(error);
      const match = /External error id#(\d+)/.exec(message);
      const record = match ? bound.errorRegistry.consumeError(Number(match[1])) : undefined;
      if (!record) return error instanceof Error ? error : new Error(message);
      return new Error(`${message}: ${JSON.stringify(record.error)}`);
    },
    async dispose(): Promise<void> {
      engine.free();
      // Some adapters may already be closed by the engine; closing twice is harmless here.
      for (const adapter of opened.splice(0)) await adapter.dispose().catch(() => undefined);
    },
  };
}

export async function readMigrations(provider: DatabaseProvider): Promise<MigrationList> {
  const baseDir = migrationsDir(provider);
  const lockPath = join(baseDir, 'migration_lock.toml');
  const names = existsSync(baseDir)
    ? (await readdir(baseDir, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: await readFile(join(baseDir, name, 'migration.sql'), 'utf8') },
      },
    })),
  );
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? await readFile(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

export function emptyMigrationList(list: MigrationList): MigrationList {
  return { ...list, migrationDirectories: [] };
}

/**
 * The SQL that takes a database built by the committed migrations to prisma/<provider>/schema.prisma.
 * Empty (or the engine's "empty migration" comment) when they agree.
 */
export async function migrationScript(
  provider: DatabaseProvider,
  shadow: SqlMigrationAwareDriverAdapterFactory,
): Promise<string> {
  const handle = await openEngine(provider, shadow);
  try {
    const list = await readMigrations(provider);
    const schema = { files: [{ path: schemaPath(provider), content: await readFile(schemaPath(provider), 'utf8') }] };
    const from =
      list.migrationDirectories.length === 0 ? { tag: 'empty' as const } : { tag: 'migrations' as const, ...list };
    const result = await handle.engine.diff({
      from,
      to: { tag: 'schemaDatamodel', ...schema },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return result.stdout ?? '';
  } catch (error) {
    throw handle.explain(error);
  } finally {
    await handle.dispose();
  }
}
