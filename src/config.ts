// Environment → one typed, validated configuration object. The server reads its settings only
// here; besides, main.ts sets NODE_ENV's default before anything loads, and the command-line
// tools read what only they take (the import command's options, db:migrate's SHADOW_DATABASE_URL).
import { resolve } from 'node:path';
import { demoMediaDir } from './paths.js';

export type DatabaseProvider = 'sqlite' | 'postgresql';

export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  databaseProvider: DatabaseProvider;
  /** Fill an empty catalog from prisma/seed/demo-catalog.json on start. */
  seedDemo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  graphqlIntrospection: boolean;
  /** Serve Apollo Sandbox on GET /graphql from a browser. */
  graphqlSandbox: boolean;
  /** Catalog queries run compiled by graphql-jit (src/graphql/executor.ts). */
  graphqlCompiled: boolean;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** PostgreSQL: connections in this process's pool. */
  databasePoolSize: number;
  /** PostgreSQL: connections of the catalog reads' own pool in each process. */
  databaseReadPoolSize: number;
  /** SQLite's durability of a commit (SQLITE_SYNCHRONOUS): db/sqlite-durability.ts. */
  sqliteSynchronous: SqliteSynchronous;
  /** PostgreSQL: statements running longer are cancelled (0 = no limit). */
  statementTimeoutMs: number;
  /** How long a shutdown waits for in-flight requests before closing anyway. */
  shutdownTimeoutMs: number;
  /** API keys and their roles; empty = the service runs open. */
  apiKeys: ApiKeyConfig[];
  /** Origins browsers may call from; empty = no CORS headers. "*" = any. */
  corsOrigins: string[];
  /** Requests per minute per API key (or client address when open); 0 = no limit. */
  rateLimitMax: number;
  graphqlMaxDepth: number;
  graphqlMaxComplexity: number;
  /** Catalog records one answer may hold (REST and GraphQL): past it, 400 ANSWER_TOO_LARGE. */
  answerMaxObjects: number;
  /**
   * Bytes of catalog answer text one REST media or comparables answer may be made of: past it, 400
   * ANSWER_TOO_LARGE.
   */
  answerMaxBytes: number;
  /** How stale cached catalog reads may be after an import by another process. */
  catalogCacheTtlMs: number;
  catalogCacheMaxEntries: number;
  /** Estimated bytes the catalog cache may hold in all (0 turns the cache off). */
  catalogCacheMaxBytes: number;
  /** Bytes of whole answers kept as sent, outside the V8 heap (0 keeps none). */
  catalogAnswerCacheMaxBytes: number;
  /** Fastify's trustProxy: which peers may name the client in X-Forwarded-For. */
  trustProxy: TrustProxy;
  /** Redis shared by all processes for rate limits; null = limits per process. */
  redisUrl: string | null;
  /** How long a client may take to send a whole request (headers and body). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Open connections a process accepts at once; more are closed at once. */
  maxConnections: number;
  /** Largest GraphQL document, in lexical tokens (checked before anything else). */
  graphqlMaxTokens: number;
  /** Most aliased fields one GraphQL document may have. */
  graphqlMaxAliases: number;
  /** A cart that is not submitted expires this long after its last change. */
  cartTtlSeconds: number;
  /** Bytes of Idempotency-Key records one caller may keep; the sweeper removes the oldest past it. */
  idempotencyBudgetBytes: number;
  /** Seconds before each retry of a failed webhook delivery; the last repeats. */
  webhookRetrySchedule: number[];
  /** Allow webhook URLs on loopback, private and link-local addresses (tests, private networks). */
  webhookAllowPrivateUrls: boolean;
  /** Webhook endpoints that may exist at once (each event is delivered to every one that wants it). */
  webhookMaxEndpoints: number;
  /** Webhook deliveries a process starts a second at most while it serves requests (0: no limit). */
  webhookBusyRate: number;
  /** The folder whose files are served at /media/files/ (default: the demo catalog's). */
  mediaFilesDir: string;
  /** The largest file POST /media/files takes, in bytes (MEDIA_UPLOAD_MAX_BYTES, default 50 MiB). */
  mediaUploadMaxBytes: number;
  /** Serve the demo storefront at GET / (STOREFRONT_DEMO, default on); off, / is the JSON 404. */
  storefrontDemo: boolean;
  /** How often player events taken in are written, ms (PLAYER_EVENTS_FLUSH_MS): what a crash may lose. */
  playerEventsFlushMs: number;
  /** Player events waiting to be written at most (PLAYER_EVENTS_MAX_PENDING); past it, 503. */
  playerEventsMaxPending: number;
  /** Serve the merchant studio at GET /studio (STUDIO, default on); off, /studio is the JSON 404. */
  studio: boolean;
  /** The search thread's memory: its heap, and the index's arrays besides (MiB). */
  searchMemoryMb: number;
  /** Searches waiting for the search thread or in it, at most; more are answered 503 at once. */
  searchQueueMax: number;
  /** OpenTelemetry tracing (src/tracing/): where spans go (OTLP/HTTP); null = off, nothing of the SDK loaded. */
  tracing: TracingConfig | null;
}

export interface TracingConfig {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans are POSTed to <endpoint>/v1/traces. */
  endpoint: string;
  /** OTEL_SERVICE_NAME: the resource's service.name. */
  serviceName: string;
}

/** false: the socket's peer is the client; true: any proxy; a hop count; or trusted addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export class ConfigError extends Error {}

export type Role = 'client' | 'admin';

export interface ApiKeyConfig {
  key: string;
  role: Role;
}

type Env = Record<string, string | undefined>;

/** IDEMPOTENCY_BUDGET_BYTES when unset. */
export const defaultIdempotencyBudgetBytes = 4 * 1024 * 1024;

export function providerOf(databaseUrl: string): DatabaseProvider {
  if (databaseUrl.startsWith('file:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return 'postgresql';
  throw new ConfigError(
    `DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL), got "${databaseUrl.split(':')[0]}:…"`,
  );
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** "key:role,key:role", roles client or admin; keys of 16+ characters. */
function apiKeys(env: Env): ApiKeyConfig[] {
  const raw = env.API_KEYS?.trim();
  if (!raw) return [];
  return raw.split(',').map((entry, index) => {
    const separator = entry.lastIndexOf(':');
    const key = entry.slice(0, separator).trim();
    const role = entry.slice(separator + 1).trim();
    if (separator < 1 || (role !== 'client' && role !== 'admin')) {
      throw new ConfigError(`API_KEYS entry ${index + 1} must be <key>:client or <key>:admin`);
    }
    if (key.length < 16) throw new ConfigError(`API_KEYS entry ${index + 1}: a key needs at least 16 characters`);
    return { key, role };
  });
}

/** TRUST_PROXY: true/false, a hop count, or a comma-separated list of addresses and CIDRs. */
function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '') return false;
  // A number is a hop count ("1" trusts the nearest proxy only, never "everyone").
  if (/^[0-9]+$/.test(raw)) return Number(raw);
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^(false|no|off)$/i.test(raw)) return false;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const address = /^(?:[0-9.]+|[0-9A-Fa-f:.]+)(?:\/[0-9]{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/;
  const bad = entries.find((entry) => !address.test(entry));
  if (bad !== undefined)
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or addresses/CIDRs separated by commas, got "${bad}"`,
    );
  return entries;
}

function redisUrl(env: Env): string | null {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return null;
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return raw;
}

/** About 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then 14 h (Standard Webhooks' suggested schedule). */
const defaultRetrySchedule = [5, 300, 1800, 7200, 18_000, 36_000, 50_400];

/** WEBHOOK_RETRY_SCHEDULE: seconds separated by commas, e.g. 1,1,2. */
function retrySchedule(env: Env): number[] {
  const raw = env.WEBHOOK_RETRY_SCHEDULE?.trim();
  if (!raw) return defaultRetrySchedule;
  const steps = raw.split(',').map((step) => Number(step.trim()));
  if (
    steps.length === 0 ||
    steps.length > 50 ||
    steps.some((step) => !Number.isFinite(step) || step <= 0 || step > 7 * 86_400)
  ) {
    throw new ConfigError(
      `WEBHOOK_RETRY_SCHEDULE must be seconds (0 < s ≤ 604800) separated by commas, got "${raw.slice(0, 100)}"`,
    );
  }
  return steps;
}

/** OTEL_EXPORTER_OTLP_ENDPOINT set (an http(s) URL): tracing on, named OTEL_SERVICE_NAME. */
function tracing(env: Env): TracingConfig | null {
  const raw = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!raw) return null;
  if (!/^https?:\/\/[^/\s]+/.test(raw))
    throw new ConfigError(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL, got "${raw.slice(0, 100)}"`);
  return { endpoint: raw, serviceName: env.OTEL_SERVICE_NAME?.trim() || 'shoppable-commerce-gateway' };
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** SQLite's durability of a commit (SQLITE_SYNCHRONOUS): db/sqlite-durability.ts says what each means. */
export const sqliteSynchronousModes = ['normal', 'full'] as const;
export type SqliteSynchronous = (typeof sqliteSynchronousModes)[number];

function sqliteSynchronous(env: Env): SqliteSynchronous {
  const raw = env.SQLITE_SYNCHRONOUS?.trim().toLowerCase() || 'normal';
  if (!(sqliteSynchronousModes as readonly string[]).includes(raw))
    throw new ConfigError(
      `SQLITE_SYNCHRONOUS must be one of ${sqliteSynchronousModes.join(', ')}, got "${raw.slice(0, 100)}"`,
    );
  return raw as SqliteSynchronous;
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL || 'file:./data/catalog.db';
  const logLevel = env.LOG_LEVEL || 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  }
  const production = env.NODE_ENV === 'production';
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env, 'PORT', 4000, 0, 65535),
    databaseUrl,
    databaseProvider: providerOf(databaseUrl),
    seedDemo: bool(env, 'SEED_DEMO', true),
    logLevel: logLevel as Config['logLevel'],
    graphqlIntrospection: bool(env, 'GRAPHQL_INTROSPECTION', true),
    graphqlSandbox: bool(env, 'GRAPHQL_SANDBOX', !production),
    graphqlCompiled: bool(env, 'GRAPHQL_COMPILED', true),
    bodyLimit: 1024 * 1024,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    databaseReadPoolSize: int(env, 'DATABASE_READ_POOL_SIZE', 4, 1, 1000),
    sqliteSynchronous: sqliteSynchronous(env),
    statementTimeoutMs: int(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 0, 3_600_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    apiKeys: apiKeys(env),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    rateLimitMax: int(env, 'RATE_LIMIT_MAX', 600, 0, 1_000_000),
    graphqlMaxDepth: int(env, 'GRAPHQL_MAX_DEPTH', 10, 1, 100),
    graphqlMaxComplexity: int(env, 'GRAPHQL_MAX_COMPLEXITY', 50_000, 1, 10_000_000),
    answerMaxObjects: int(env, 'ANSWER_MAX_OBJECTS', 50_000, 100, 10_000_000),
    answerMaxBytes: int(env, 'ANSWER_MAX_BYTES', 32 * 1024 * 1024, 64 * 1024, 1024 * 1024 * 1024),
    catalogCacheTtlMs: int(env, 'CATALOG_CACHE_TTL_MS', 1000, 0, 3_600_000),
    catalogCacheMaxEntries: int(env, 'CATALOG_CACHE_MAX_ENTRIES', 20_000, 0, 10_000_000),
    catalogCacheMaxBytes: int(env, 'CATALOG_CACHE_MAX_BYTES', 48 * 1024 * 1024, 0, 16 * 1024 * 1024 * 1024),
    catalogAnswerCacheMaxBytes: int(
      env,
      'CATALOG_ANSWER_CACHE_MAX_BYTES',
      256 * 1024 * 1024,
      0,
      64 * 1024 * 1024 * 1024,
    ),
    trustProxy: trustProxy(env),
    redisUrl: redisUrl(env),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000, 1, 3_600_000),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 1, 3_600_000),
    maxConnections: int(env, 'MAX_CONNECTIONS', 4096, 1, 1_000_000),
    graphqlMaxTokens: int(env, 'GRAPHQL_MAX_TOKENS', 5000, 100, 1_000_000),
    graphqlMaxAliases: int(env, 'GRAPHQL_MAX_ALIASES', 30, 0, 100_000),
    cartTtlSeconds: int(env, 'CART_TTL_SECONDS', 864_000, 60, 10 * 365 * 86_400),
    idempotencyBudgetBytes: int(
      env,
      'IDEMPOTENCY_BUDGET_BYTES',
      defaultIdempotencyBudgetBytes,
      64 * 1024,
      1024 * 1024 * 1024,
    ),
    webhookRetrySchedule: retrySchedule(env),
    webhookAllowPrivateUrls: bool(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', false),
    webhookMaxEndpoints: int(env, 'WEBHOOK_MAX_ENDPOINTS', 100, 1, 1000),
    webhookBusyRate: int(env, 'WEBHOOK_BUSY_RATE', 50, 0, 1_000_000),
    // Relative to the working directory, as DATABASE_URL's file: is (the static files plugin wants an absolute path).
    mediaFilesDir: resolve(env.MEDIA_FILES_DIR?.trim() || demoMediaDir),
    mediaUploadMaxBytes: int(env, 'MEDIA_UPLOAD_MAX_BYTES', 50 * 1024 * 1024, 1024, 4 * 1024 * 1024 * 1024),
    storefrontDemo: bool(env, 'STOREFRONT_DEMO', true),
    playerEventsFlushMs: int(env, 'PLAYER_EVENTS_FLUSH_MS', 1_000, 10, 60_000),
    playerEventsMaxPending: int(env, 'PLAYER_EVENTS_MAX_PENDING', 100_000, 100, 10_000_000),
    studio: bool(env, 'STUDIO', true),
    searchMemoryMb: int(env, 'SEARCH_MEMORY_MB', 512, 16, 1_048_576),
    searchQueueMax: int(env, 'SEARCH_QUEUE_MAX', 32, 1, 100_000),
    tracing: tracing(env),
  };
}
