// Catalog documents built to exhaust the importer's memory: one valid store and one product
// carrying a single enormous value (nested arrays, a long array, a long string, a long number),
// under a key the format does not declare or in one of its own fields. Written through a write
// stream a block at a time, so that generating a 2 GB document holds a block, not the document.
// Used by test/catalog/import-memory.test.ts (tens of MB) and bench/hostile-import/importer.ts (GBs).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

export const hostileCases = [
  'unknown-deep',
  'unknown-array',
  'unknown-string',
  'unknown-number',
  'known-deep',
  'known-array',
  'known-string',
] as const;
export type HostileCase = (typeof hostileCases)[number];

/** Where the enormous value goes: a key the format ignores, or a field of the product. */
const keyOf: Record<HostileCase, string> = {
  'unknown-deep': 'notes',
  'unknown-array': 'notes',
  'unknown-string': 'notes',
  'unknown-number': 'notes',
  'known-deep': 'images',
  'known-array': 'images',
  'known-string': 'title',
};

/** Whether the importer must accept the document (the enormous value is skipped) or refuse it. */
export function acceptedByImport(kind: HostileCase): boolean {
  return kind === 'unknown-array' || kind === 'unknown-string' || kind === 'unknown-number';
}

const prefix = (kind: HostileCase) =>
  `{"version":1,"stores":[{"id":1,"name":"alpha.example","marketplace":"shopify","currency":"USD"}],"products":[{"id":1,${keyOf[kind] === 'title' ? '' : '"title":"Hostile",'}"price":1,"currency":"USD","skus":[{"sku_id":11,"merchant_id":1,"name":"Hostile","qty_available":1,"sale_price":1,"currency":"USD"}],"${keyOf[kind]}":`;
const suffix = '}]}\n';

/** The enormous value as runs of one unit: text before, `count` times the unit, text after. */
function runs(kind: HostileCase, bytes: number): { unit: string; count: number; before?: string; after?: string }[] {
  switch (kind) {
    case 'unknown-deep':
    case 'known-deep': {
      const depth = Math.floor(bytes / 2);
      return [
        { unit: '[', count: depth },
        { unit: ']', count: depth },
      ];
    }
    case 'unknown-array':
    case 'known-array':
      // empty objects: quick to skip, costly to build
      return [{ before: '[', unit: '{},', count: Math.floor(bytes / 3), after: '{}]' }];
    case 'unknown-string':
    case 'known-string':
      return [{ before: '"', unit: 'a', count: bytes, after: '"' }];
    case 'unknown-number':
      return [{ before: '1', unit: '0', count: bytes }];
  }
}

/** Writes the document of `kind` whose enormous value is about `bytes` bytes long. */
export async function writeHostileCatalog(file: string, kind: HostileCase, bytes: number): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const block = 1 << 20;
  await write(prefix(kind));
  for (const run of runs(kind, bytes)) {
    if (run.before) await write(run.before);
    const perBlock = Math.max(1, Math.floor(block / run.unit.length));
    const full = run.unit.repeat(perBlock);
    for (let left = run.count; left > 0; left -= perBlock) await write(left >= perBlock ? full : run.unit.repeat(left));
    if (run.after) await write(run.after);
  }
  await write(suffix);
  out.end();
  await once(out, 'finish');
}
