import { describe, expect, it } from 'vitest';
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
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '8080', DATABASE_URL: 'postgresql://u:p@db:5432/shop', SEED_DEMO: 'false', GRAPHQL_INTROSPECTION: 'off', NODE_ENV: 'production' });
    expect(config).toMatchObject({ host: '0.0.0.0', port: 8080, databaseProvider: 'postgresql', seedDemo: false, graphqlIntrospection: false, graphqlSandbox: false });
  });

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
