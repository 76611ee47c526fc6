// The repository explains itself: no comment, document or script sends a reader to a file that a
// clone does not have (the design notes the project was started from lived beside it, not in it).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
/** Folders that are not the project's own text: installed, built, generated or local data. */
const skipped = new Set(['node_modules', 'dist', 'generated', '.git', 'data', '.tmp']);
const textFile = /\.(ts|mts|mjs|js|json|md|prisma|sql|graphql|yml|yaml|html|css|sh)$|^run$/;
// Written in pieces so that this file does not find itself.
const outside = [
  ['..', '/shared'],
  ['contract', '.md'],
  ['service', '.md'],
  ['domain-reference', '.md'],
  ['STYLE', '.md'],
  ['TOOLCHAIN', '.md'],
].map((parts) => parts.join(''));

function projectFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return projectFiles(path);
    return textFile.test(entry.name) && entry.name !== 'package-lock.json' ? [path] : [];
  });
}

describe('the repository is self-contained', () => {
  it('names no file outside it: every reference a reader meets can be followed in a clone', () => {
    const found: string[] = [];
    for (const file of projectFiles(root)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const name of outside)
          if (line.includes(name)) found.push(`${relative(root, file)}:${index + 1}: ${name}`);
      });
    }
    expect(found).toStrictEqual([]);
  });
});
