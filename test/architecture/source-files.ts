// The source files the architecture tests read: every .ts file under src/ but generated code.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const sourceRoot = resolve(import.meta.dirname, '../../src');

/** Every .ts file under `directory` (src/ by default), generated/ folders left out. */
export function sourceFiles(directory: string = sourceRoot): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}
