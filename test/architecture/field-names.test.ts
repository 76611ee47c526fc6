// How an API spells the fields of its requests (REST first_name, GraphQL firstName) is the edge's
// business: services throw errors that name fields as the domain does (errors.ts, FieldError),
// and REST's error handler and GraphQL's error formatting spell them. No service takes a naming
// function from its caller, as cart.service.ts and checkout.service.ts once did (FieldNaming).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, sourceRoot } from './source-files.js';

/** A naming type or function, or a parameter named for one. */
const naming = /\bFieldNaming\b|\bsnakeCase\b|\bcamelCase\b|\bnaming\s*[?:=,)]/;

function namingIn(text: string): string[] {
  return text.split('\n').filter((line) => naming.test(line));
}

describe('field names in src/', () => {
  const services = sourceFiles(sourceRoot).filter((file) => file.endsWith('.service.ts'));

  it('finds the services it checks', () => {
    expect(services.length).toBeGreaterThan(5);
    expect(services.some((file) => file.endsWith('cart/checkout.service.ts'))).toBe(true);
  });

  it('no service takes or names a way to spell fields', () => {
    const found = services.flatMap((file) =>
      namingIn(readFileSync(file, 'utf8')).map((line) => `${relative(sourceRoot, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('no FieldNaming type is left anywhere', () => {
    const found = sourceFiles(sourceRoot).filter((file) => /\bFieldNaming\b/.test(readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('sees a naming parameter when there is one', () => {
    expect(namingIn('  submit(cartId: string, naming: FieldNaming = snakeCase) {')).toHaveLength(1);
    expect(namingIn('  updateBuyerIdentity(cartId, patch, naming = x, write) {')).toHaveLength(1);
    expect(namingIn('  submit(cartId: string, idempotentWrite: IdempotentWrite | null) {')).toHaveLength(0);
  });
});
