import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      host: '127.0.0.1',
      port: 4000,
      databaseUrl: 'file:./data/catalog.db',
      databaseProvider: 'sqlite',
      seedDemo: true,
      graphqlIntrospection: true,
      graphqlSandbox: true,
      bodyLimit: 1024 * 1024,
      idempotencyBudgetBytes: 4 * 1024 * 1024,
      storefrontDemo: true,
      studio: true,
    });
    expect(loadConfig({ IDEMPOTENCY_BUDGET_BYTES: '65536' }).idempotencyBudgetBytes).toBe(65536);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/shop',
      SEED_DEMO: 'false',
      GRAPHQL_INTROSPECTION: 'off',
      NODE_ENV: 'production',
      STUDIO: 'off',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      databaseProvider: 'postgresql',
      seedDemo: false,
      graphqlIntrospection: false,
      graphqlSandbox: false,
      studio: false,
    });
  });

  it('reads a relative MEDIA_FILES_DIR from the working directory, as npm start is run', () => {
    expect(loadConfig({ MEDIA_FILES_DIR: 'data/media' }).mediaFilesDir).toBe(join(process.cwd(), 'data', 'media'));
    expect(loadConfig({ MEDIA_FILES_DIR: '/srv/media' }).mediaFilesDir).toBe('/srv/media');
  });

  it('reads TRUST_PROXY as a switch, a hop count or addresses; "1" is one hop, not everyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toStrictEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'my proxy' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
  });

  it('turns tracing on with OTEL_EXPORTER_OTLP_ENDPOINT only, named OTEL_SERVICE_NAME', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(loadConfig({ OTEL_SERVICE_NAME: 'alone' }).tracing).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toStrictEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'shoppable-commerce-gateway',
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example/', OTEL_SERVICE_NAME: 'gateway-eu' }).tracing,
    ).toStrictEqual({
      endpoint: 'https://otel.example/',
      serviceName: 'gateway-eu',
    });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(/SQLITE_SYNCHRONOUS/);
    expect(() => loadConfig({ IDEMPOTENCY_BUDGET_BYTES: '1000' })).toThrow(/IDEMPOTENCY_BUDGET_BYTES/);
  });

  it("reads SQLite's durability of a commit: normal unless SQLITE_SYNCHRONOUS says full", () => {
    expect(loadConfig({}).sqliteSynchronous).toBe('normal');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'FULL' }).sqliteSynchronous).toBe('full');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: ' normal ' }).sqliteSynchronous).toBe('normal');
  });
});
