// Settings in a file: ENV_FILE names a file of KEY=value lines that the process reads before
// anything else; the environment wins over it; a file that cannot be read, or a value in it that
// is invalid, stops the process at start with a message naming it. And .env.example lists every
// variable the configuration reads, with the default of the Configuration table (docs/configuration.md).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/db/schema-engine.js';
import { buildServer, json, startGateway, waitReady } from './gateway.js';

const dir = mkdtempSync(join(tmpdir(), 'env-file-'));

describe('ENV_FILE', () => {
  it('stops the process naming the file when it cannot be read, and naming the variable when a value in it is invalid', async () => {
    buildServer();
    const missing = await startGateway(`file:${join(dir, 'a.db')}`, { env: { ENV_FILE: join(dir, 'none.env') } });
    expect(await missing.exited).toBe(1);
    expect(missing.output.join('')).toContain(`ENV_FILE: cannot read ${join(dir, 'none.env')}`);
    writeFileSync(join(dir, 'bad.env'), 'GRAPHQL_MAX_DEPTH=0\n');
    const invalid = await startGateway(`file:${join(dir, 'b.db')}`, { env: { ENV_FILE: join(dir, 'bad.env') } });
    expect(await invalid.exited).not.toBe(0);
    expect(invalid.output.join('')).toContain('GRAPHQL_MAX_DEPTH');
  }, 60_000);

  it("serves with the file's settings, the environment's winning", async () => {
    buildServer();
    // The test environment sets SEED_DEMO=false: it wins over the file's true (no demo product 101).
    writeFileSync(join(dir, 'good.env'), 'STOREFRONT_DEMO=false\nSEED_DEMO=true\n');
    const gateway = await startGateway(`file:${join(dir, 'c.db')}`, { env: { ENV_FILE: join(dir, 'good.env') } });
    try {
      await waitReady(gateway);
      const front = await fetch(`${gateway.base}/`);
      expect([front.status, front.headers.get('content-type')]).toStrictEqual([404, 'application/json; charset=utf-8']);
      expect((await json('GET', `${gateway.base}/product/101`)).status).toBe(404);
    } finally {
      gateway.process.kill('SIGKILL');
    }
  }, 60_000);
});

describe('.env.example', () => {
  const sources = ['src/config.ts', 'src/main.ts']
    .map((file) => readFileSync(join(projectRoot, file), 'utf8'))
    .join('\n');
  const read = new Set(
    [...sources.matchAll(/(?:env\.|env, '|process\.env\.)([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!),
  );
  read.delete('ENV_FILE');
  const page = readFileSync(join(projectRoot, 'docs', 'configuration.md'), 'utf8');
  const table = new Map(
    [...page.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| ([^|]*) \|/gm)].map((match) => [match[1]!, match[2]!.trim()]),
  );
  const example = new Map(
    [...readFileSync(join(projectRoot, '.env.example'), 'utf8').matchAll(/^# ([A-Z][A-Z0-9_]+)=(.*)$/gm)].map(
      (match) => [match[1]!, match[2]!],
    ),
  );

  it('lists every variable the configuration reads, as docs/configuration.md does', () => {
    expect(read.size).toBeGreaterThan(30);
    for (const name of read) {
      expect(table.has(name), `${name} in the table of docs/configuration.md`).toBe(true);
      expect(example.has(name), `${name} in .env.example`).toBe(true);
    }
    expect([...example.keys()].filter((name) => !table.has(name))).toStrictEqual([]);
  });

  it('gives each the default of docs/configuration.md', () => {
    for (const [name, value] of example) {
      const literal = /^`([^`]*)`/.exec(table.get(name) ?? '')?.[1] ?? '';
      expect(value, name).toBe(literal);
    }
  });
});
