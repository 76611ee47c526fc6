// The plain fields of a product, a SKU and a media item (those with `import` in src/catalog/catalog.fields.ts) are
// taken by the import as their field table declares them, with nothing written for them by hand:
// the import JSON Schema and the validator accept and refuse the same values of each, at the
// table's limits, an absent one means the table's default, and a value reaches its column.
// Driven by the tables, so a field added to one is checked here without a line of this file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTable, productTable, skuTable } from '../../src/catalog/catalog.fields.js';
import type { Field, ImportSpec } from '../../src/catalog/field-table.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import type { ExistingCatalog, Problem } from '../../src/catalog/import/document/import.model.js';
import { catalogLimits } from '../../src/catalog/import/document/limits.js';
import { validateCatalog } from '../../src/catalog/import/validate/catalog.js';
import { createTestDatabase, type TestDatabase } from '../helpers.js';

const schemaFile = join(import.meta.dirname, '..', '..', 'schema', 'catalog-import.schema.json');
const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
const validator = new Validator(schema, '2020-12', false);
const nothingStored = (): ExistingCatalog => ({
  storeCurrencies: new Map(),
  productIds: new Set(),
  mediaSlugs: new Map(),
});

type Record_ = Record<string, unknown>;
type Doc = { stores: Record_[]; products: (Record_ & { skus: Record_[] })[]; media: Record_[] };

function base(): Doc {
  return {
    stores: [{ id: 1, name: 'alpha.example', marketplace: 'shopify', currency: 'USD' }],
    products: [
      {
        id: 11,
        title: 'Trail Jacket',
        price: 100,
        currency: 'USD',
        skus: [
          { sku_id: 1101, merchant_id: 1, name: 'Trail Jacket S', qty_available: 5, sale_price: 90, currency: 'USD' },
        ],
      },
    ],
    media: [{ type: 'video', id: 21, slug: 'trail-day', file_name: 'trail-day.mp4', product_ids: [11] }],
  };
}

/** Where a table's records are in the document, and its checked record in validateCatalog's answer. */
const places = {
  product: {
    fields: productTable.fields,
    record: (doc: Doc) => doc.products[0]!,
    path: '$.products[0]',
    atLeast: 6,
    checked: (document: { products: Record_[] }) => document.products[0]!,
  },
  sku: {
    fields: skuTable.fields,
    record: (doc: Doc) => doc.products[0]!.skus[0]!,
    path: '$.products[0].skus[0]',
    atLeast: 6,
    checked: (document: { products: { skus: Record_[] }[] }) => document.products[0]!.skus[0]!,
  },
  media: {
    fields: mediaTable.fields,
    record: (doc: Doc) => doc.media[0]!,
    path: '$.media[0]',
    atLeast: 1,
    checked: (document: { media: Record_[] }) => document.media[0]!,
  },
};

const plainFields = (fields: readonly Field[]) =>
  fields.flatMap((field) =>
    field.import ? [{ key: field.key, document: field.import.key, spec: field.import.spec }] : [],
  );

/** Values of a kind the table's limits allow, with what the import's row holds of each. */
function accepted(spec: ImportSpec): [unknown, unknown][] {
  const max = spec.maxLength ?? catalogLimits.maxText;
  switch (spec.kind) {
    case 'text':
      return [
        ['\u{1F600}'.repeat(max), '\u{1F600}'.repeat(max)],
        [' x ', ' x '],
      ];
    case 'optionalText':
      return [
        ['x'.repeat(max), 'x'.repeat(max)],
        ['', ''],
        [null, null],
      ];
    case 'int':
      return [
        [0, 0],
        [catalogLimits.maxId, catalogLimits.maxId],
      ];
    case 'optionalInt':
      return [
        [spec.minimum ?? 0, spec.minimum ?? 0],
        [spec.maximum ?? catalogLimits.maxId, spec.maximum ?? catalogLimits.maxId],
        [null, null],
      ];
    case 'bool':
      return [
        [true, true],
        [false, false],
      ];
    case 'date':
      return [
        ['2026-01-05T10:00:00+02:00', new Date('2026-01-05T08:00:00Z')],
        [null, null],
      ];
  }
}

/** Values of a kind the import refuses. */
function refused(spec: ImportSpec): unknown[] {
  const max = spec.maxLength ?? catalogLimits.maxText;
  switch (spec.kind) {
    case 'text':
      return ['x'.repeat(max + 1), '', ' ', null, 42];
    case 'optionalText':
      return ['\u{1F600}'.repeat(max + 1), 42, false];
    case 'int':
      return [-1, 1.5, catalogLimits.maxId + 1, '1', null];
    case 'optionalInt':
      return [(spec.minimum ?? 0) - 1, (spec.maximum ?? catalogLimits.maxId) + 1, 2.5, '1'];
    case 'bool':
      return ['true', 1, null];
    case 'date':
      return ['yesterday', '2026-01-05T10:00:00', 20260105];
  }
}

/** What an absent value means: the table's default, null for what may be null; undefined: required. */
function absent(spec: ImportSpec): unknown {
  if (spec.default !== undefined) return spec.default;
  return ['optionalText', 'optionalInt', 'date'].includes(spec.kind) ? null : undefined;
}

function bySchema(document: unknown): OutputUnit[] {
  const result = validator.validate(document);
  return result.valid ? [] : result.errors;
}

function byValidator(document: unknown): { problems: Problem[]; document: unknown } {
  const result = validateCatalog(document, nothingStored());
  return result.ok ? { problems: [], document: result.document } : { problems: result.problems, document: null };
}

const pointer = (path: string) =>
  `#${path
    .slice(1)
    .replace(/\[(\d+)\]/g, '.$1')
    .replaceAll('.', '/')}`;

describe.each(Object.entries(places))('the plain fields of a %s', (_name, place) => {
  const fields = plainFields(place.fields);

  it('are some of its fields', () => {
    expect(fields.length).toBeGreaterThanOrEqual(place.atLeast);
  });

  it.each(fields)('$document: accepted by both at the limits, held as the table says', ({ key, document, spec }) => {
    for (const [value, held] of accepted(spec)) {
      const doc = base();
      place.record(doc)[document] = value;
      expect(bySchema(doc), `${document}: ${JSON.stringify(value)}`).toStrictEqual([]);
      const checked = byValidator(doc);
      expect(checked.problems).toStrictEqual([]);
      expect(place.checked(checked.document as never)[key], `${document}: ${JSON.stringify(value)}`).toStrictEqual(
        held,
      );
    }
  });

  it.each(fields)('$document: refused by both where it is', ({ document, spec }) => {
    for (const value of refused(spec)) {
      const doc = base();
      place.record(doc)[document] = value;
      const path = `${place.path}.${document}`;
      expect(
        byValidator(doc).problems.map((problem) => problem.path),
        JSON.stringify(value),
      ).toStrictEqual([path]);
      expect(
        bySchema(doc).some((error) => error.instanceLocation === pointer(path)),
        `the schema accepts ${document}: ${JSON.stringify(value)}`,
      ).toBe(true);
    }
  });

  it.each(fields)('$document: absent, the default of its table, or required', ({ key, document, spec }) => {
    const doc = base();
    delete place.record(doc)[document];
    const checked = byValidator(doc);
    const meaning = absent(spec);
    if (meaning === undefined) {
      expect(checked.problems).toStrictEqual([{ path: `${place.path}.${document}`, message: 'is required' }]);
      expect(bySchema(doc).length).toBeGreaterThan(0);
    } else {
      expect(checked.problems).toStrictEqual([]);
      expect(bySchema(doc)).toStrictEqual([]);
      expect(place.checked(checked.document as never)[key]).toStrictEqual(meaning);
    }
  });

  it.each(fields)('$document: described in the import JSON Schema as in its table', ({ document, spec }) => {
    type Section = { anyOf: { items: { properties: Record<string, Record_> } }[] };
    const sections = schema.properties as Record<string, Section>;
    const product = sections.products!.anyOf[0]!.items;
    const record = place.path.endsWith('skus[0]')
      ? (product.properties.skus as unknown as Section).anyOf[0]!.items
      : place.path.startsWith('$.media')
        ? sections.media!.anyOf[0]!.items
        : product;
    expect(record.properties[document]?.description).toBe(spec.description);
  });
});

describe('a plain field imported', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('reaches its column: the first value each plain field accepts, written and read back', async () => {
    const doc = base();
    const expected: Record<keyof typeof places, Record_> = { product: {}, sku: {}, media: {} };
    for (const [name, place] of Object.entries(places) as [keyof typeof places, (typeof places)['product']][])
      for (const { key, document, spec } of plainFields(place.fields)) {
        const [value, held] = accepted(spec)[0]!;
        place.record(doc)[document] = value;
        expected[name][key] = held;
      }
    await importCatalog(database.db, doc);
    const product = await database.db.product.findUniqueOrThrow({ where: { id: 11 } });
    const sku = await database.db.sku.findUniqueOrThrow({ where: { id: 1101 } });
    const media = await database.db.media.findUniqueOrThrow({ where: { id: 21 } });
    const columns = (row: Record_, keys: Record_) =>
      Object.fromEntries(Object.keys(keys).map((key) => [key, row[key]]));
    expect(columns(product, expected.product)).toStrictEqual(expected.product);
    expect(columns(sku, expected.sku)).toStrictEqual(expected.sku);
    expect(columns(media, expected.media)).toStrictEqual(expected.media);
    expect(Object.keys(expected.media).length).toBeGreaterThan(0);
  });
});
