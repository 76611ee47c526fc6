// Where a database failure happened decides whether it is the database's (503) or a bug (500),
// here with SQLite's own errors: a connection that cannot be opened is the database's whatever
// the error says, storage that refuses a write is too, and a statement the engine rejects is not.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteReader } from '../../src/db/reader.js';
import { faultError, faultPlace } from '../../src/db/faults.js';

const dir = mkdtempSync(join(tmpdir(), 'faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `run` threw. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('the catalog reader opening its SQLite connection', () => {
  it('on a volume that is gone (its directory missing: a TypeError, no SQLite code): connecting, a 503', async () => {
    const reader = sqliteReader(join(dir, randomUUID(), 'catalog.db'));
    const error = await reader.all('SELECT 1', []).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(faultPlace(error)).toBe('connecting');
    expect(faultError(error)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
  });
});

describe("SQLite's own errors", () => {
  const file = join(dir, 'catalog.db');
  const writer = new Sqlite(file);
  writer.exec(
    "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE); INSERT INTO item (name) VALUES ('a')",
  );
  afterAll(() => writer.close());

  it('a write to a read-only database (SQLITE_READONLY): storage, a 503', () => {
    const readOnly = new Sqlite(file, { readonly: true });
    try {
      const error = thrown(() => readOnly.exec("INSERT INTO item (name) VALUES ('b')"));
      expect(error).toMatchObject({ code: 'SQLITE_READONLY' });
      expect(faultPlace(error)).toBe('storage');
      expect(faultError(error)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      readOnly.close();
    }
  });

  it('a file that cannot be opened (SQLITE_CANTOPEN): storage, a 503', () => {
    const error = thrown(() => new Sqlite(join(dir, 'missing.db'), { fileMustExist: true }));
    expect(error).toMatchObject({ code: 'SQLITE_CANTOPEN' });
    expect(faultPlace(error)).toBe('storage');
  });

  it('a constraint or a statement the engine rejects is not the database being away: no fault (a 500 unless mapped)', () => {
    const duplicate = thrown(() => writer.exec("INSERT INTO item (name) VALUES ('a')"));
    expect(duplicate).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    const syntax = thrown(() => writer.exec('SELEC 1'));
    expect(syntax).toMatchObject({ code: 'SQLITE_ERROR' });
    for (const error of [duplicate, syntax]) expect(faultError(error)).toBeNull();
  });
});
