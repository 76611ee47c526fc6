// The JSON Schema of the catalog document (schema/catalog-import.schema.json) is printed from the
// TypeBox declarations the import validator reads documents through. Checked here: the file is
// up to date, every catalog the repo ships is valid by it, and the schema (run by a validator of
// its own, @cfworker/json-schema) and validateCatalog reject and accept the same documents.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { catalogLimits } from '../../src/catalog/import/document/limits.js';
import { printCatalogImportSchema } from '../../src/catalog/import/document/schema.js';
import type { ExistingCatalog, Problem } from '../../src/catalog/import/document/import.model.js';
import { validateCatalog } from '../../src/catalog/import/validate/catalog.js';

const root = join(import.meta.dirname, '..', '..');
const schemaFile = join(root, 'schema', 'catalog-import.schema.json');
const fixturesDir = join(root, 'test', 'fixtures');
/** The catalog the server loads into an empty database (SEED_DEMO, src/server.ts). */
const demoCatalog = join(root, 'prisma', 'seed', 'demo-catalog.json');

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const checkedIn = readFileSync(schemaFile, 'utf8');
const validator = new Validator(JSON.parse(checkedIn) as Record<string, unknown>, '2020-12', false);
const nothingStored = (): ExistingCatalog => ({
  storeCurrencies: new Map(),
  productIds: new Set(),
  mediaSlugs: new Map(),
});

function bySchema(document: unknown): OutputUnit[] {
  const result = validator.validate(document);
  return result.valid ? [] : result.errors;
}

function byValidator(document: unknown): Problem[] {
  const result = validateCatalog(document, nothingStored());
  return result.ok ? [] : result.problems;
}

/** `$.products[0].skus[1].name` → `#/products/0/skus/1/name` (cfworker's instanceLocation). */
function pointer(path: string): string {
  return `#${path
    .slice(1)
    .replace(/\[(\d+)\]/g, '.$1')
    .replaceAll('.', '/')}`;
}

function parent(path: string): string {
  return path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
}

describe('schema/catalog-import.schema.json', () => {
  it('is what printCatalogImportSchema() prints', () => {
    expect(
      checkedIn,
      'schema/catalog-import.schema.json is out of date with src/catalog/import/document/schema.ts: run `npm run schema:print`',
    ).toBe(printCatalogImportSchema());
  });

  it('is a draft 2020-12 schema with an id and a title', () => {
    const schema = JSON.parse(checkedIn) as Record<string, unknown>;
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: expect.any(String),
      title: expect.any(String),
      type: 'object',
    });
  });
});

describe('the catalogs of the repository', () => {
  const files = [
    ...readdirSync(fixturesDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(fixturesDir, name)),
    demoCatalog,
  ];

  it('include the test fixtures and the demo catalog', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  for (const file of files) {
    it(`${file.slice(root.length + 1)} is valid by the schema and by the validator`, () => {
      const document = readJson(file);
      expect(bySchema(document)).toStrictEqual([]);
      expect(byValidator(document)).toStrictEqual([]);
    });
  }
});

const { maxId, maxText, maxName, maxCode, maxFileName, maxItems, maxSkus, maxSimilar, maxPixels, maxAlt } =
  catalogLimits;

type Doc = {
  stores: Record<string, unknown>[];
  products: (Record<string, unknown> & { skus: Record<string, unknown>[] })[];
  media: Record<string, unknown>[];
  similar: Record<string, unknown>[];
} & Record<string, unknown>;

/** A small valid document each invalid case changes in one place. */
function base(): Doc {
  return {
    version: 1,
    stores: [
      {
        id: 1,
        name: 'alpha.example',
        marketplace: 'shopify',
        currency: 'USD',
        margin_rate: 0.1,
        shipping_methods: [{ id: 'standard', label: 'Standard', price: 5 }],
        tax_rates: [{ country_code: 'US', province_code: 'CA', rate: 0.0725 }, { rate: 0.05 }],
      },
    ],
    products: [
      {
        id: 11,
        title: 'Trail Jacket',
        price: 100,
        currency: 'USD',
        description: 'A jacket.',
        images: ['https://alpha.example/11.jpg'],
        variants: [{ name: 'Size', visual: false, values: ['S'] }],
        skus: [
          {
            sku_id: 1101,
            merchant_id: 1,
            name: 'Trail Jacket S',
            qty_available: 5,
            sale_price: 90,
            retail_price: 100,
            currency: 'USD',
            date_created: '2026-01-05T10:00:00Z',
            variant_values: [{ variant: 'Size', value: 'S' }],
            sku_dimensions: [{ weight: 0.4, type: 'kg' }],
          },
        ],
      },
      {
        id: 12,
        title: 'Scarf',
        price: 20,
        currency: 'USD',
        skus: [{ sku_id: 1201, merchant_id: 1, name: 'Scarf', qty_available: 1, retail_price: 20, currency: 'USD' }],
      },
    ],
    media: [
      {
        type: 'image',
        id: 1,
        slug: 'look-one',
        file_name: 'look-one.jpg',
        platform: 'instagram',
        product_ids: [11, 12],
      },
    ],
    similar: [{ product_id: 11, similar_product_id: 12 }],
  };
}

const edit = (change: (doc: Doc) => void): Doc => {
  const doc = base();
  change(doc);
  return doc;
};
const store = (d: Doc) => d.stores[0]!;
const product = (d: Doc) => d.products[0]!;
const sku = (d: Doc) => d.products[0]!.skus[0]!;
const media = (d: Doc) => d.media[0]!;

describe('the schema and validateCatalog agree', () => {
  it('on the base document of the cases below: valid', () => {
    expect(bySchema(base())).toStrictEqual([]);
    expect(byValidator(base())).toStrictEqual([]);
  });

  it('on a valid document at the edges of every range', () => {
    const emoji = '\u{1F600}'; // one character, two UTF-16 code units
    const document = {
      version: 1,
      note: 'keys the format does not declare are ignored',
      stores: [
        {
          id: maxId,
          name: 'x'.repeat(maxName),
          display_name: emoji.repeat(maxName),
          marketplace: ' m ',
          currency: 'JPY',
          margin_rate: 1,
          shipping_methods: null,
          tax_rates: [
            { country_code: null, province_code: null, rate: 0 },
            { country_code: 'JP', rate: 0.123456 },
            { country_code: 'JP', province_code: '13', rate: 1 },
          ],
        },
      ],
      products: [
        {
          id: 1,
          title: emoji.repeat(maxText),
          price: 0,
          currency: 'JPY',
          external_id: '',
          description: null,
          brand: null,
          url: null,
          category: null,
          is_available: false,
          images: null,
          native_checkout: true,
          variants: [{ name: 'Size' }, { name: 'Color', visual: true, values: null }],
          skus: [
            {
              sku_id: maxId,
              product_id: 1,
              merchant_id: maxId,
              name: 'n',
              qty_available: maxId,
              sale_price: 0,
              retail_price: null,
              currency: 'JPY',
              status: 'S'.repeat(maxCode),
              type: 'DIGITAL',
              in_stock: false,
              taxable: false,
              tax_type: null,
              date_created: '2026-01-05T10:00+09:00',
              date_last_modified: '2026-01-05T10:00:00.123-05:30',
              variant_values: null,
              sku_dimensions: [{ weight: 0, type: 'g' }],
            },
          ],
        },
        { id: maxId, title: 't', price: maxId, currency: 'JPY', skus: null },
      ],
      media: [
        { type: 'video', id: maxId, slug: 'ü-ß', file_name: 'f'.repeat(maxFileName), platform: null, product_ids: [] },
        { type: 'image', id: 1, slug: 's'.repeat(maxName), file_name: 'f', product_ids: [1, maxId] },
        {
          type: 'image',
          id: 2,
          slug: 'placed',
          file_name: 'f',
          url: `https://${'h'.repeat(maxText - 8)}`,
          poster_url: null,
          duration_ms: null,
          captions_url: null,
          alt: '\u{1F600}'.repeat(maxAlt),
          width: 1,
          height: maxPixels,
          product_ids: [1],
          placements: [
            { product_id: 1, x: 0, y: 1 },
            { product_id: 1, x: 1, y: 0 },
          ],
        },
        {
          type: 'video',
          id: 3,
          slug: 'placed',
          file_name: 'f',
          url: '/m/ü-clip.mp4',
          poster_url: 'http://h',
          captions_url: '/m/ü-clip.vtt',
          alt: '',
          width: null,
          height: null,
          duration_ms: maxId,
          product_ids: [1],
          placements: [
            { product_id: 1 },
            { product_id: 1, x: 0.5, y: 0.5 },
            { product_id: 1, start_ms: 0, end_ms: maxId },
            { product_id: 1, x: 0, y: 0, start_ms: maxId - 1, end_ms: maxId },
          ],
        },
        { type: 'video', id: 4, slug: 'unplaced', file_name: 'f', product_ids: [1], placements: null },
      ],
      similar: [{ product_id: 1, similar_product_id: maxId }],
    };
    expect(bySchema(document)).toStrictEqual([]);
    expect(byValidator(document)).toStrictEqual([]);
    for (const sections of [{}, { media: [] }, { stores: null, products: null, media: null, similar: null }]) {
      expect(bySchema(sections)).toStrictEqual([]);
      expect(byValidator(sections)).toStrictEqual([]);
    }
  });

  // [what is wrong, the document, where validateCatalog reports it]
  const invalid: [string, unknown, string][] = [
    ['a document that is a list', [], '$'],
    ['a document that is a string', 'catalog', '$'],
    ['version 2', edit((d) => (d.version = 2)), '$.version'],
    ['version "1"', edit((d) => (d.version = '1')), '$.version'],
    ['stores as an object', edit((d) => (d.stores = {} as never)), '$.stores'],
    ['a store that is a number', edit((d) => (d.stores = [5 as never])), '$.stores[0]'],
    ['a store without id', edit((d) => delete store(d).id), '$.stores[0].id'],
    ['a store id of 0', edit((d) => (store(d).id = 0)), '$.stores[0].id'],
    ['a store id above 2147483647', edit((d) => (store(d).id = maxId + 1)), '$.stores[0].id'],
    ['a store id with decimals', edit((d) => (store(d).id = 1.5)), '$.stores[0].id'],
    ['a store id as a string', edit((d) => (store(d).id = '1')), '$.stores[0].id'],
    ['an empty store name', edit((d) => (store(d).name = '')), '$.stores[0].name'],
    ['a blank store name', edit((d) => (store(d).name = ' \t ')), '$.stores[0].name'],
    ['a store name of 256 characters', edit((d) => (store(d).name = 'x'.repeat(maxName + 1))), '$.stores[0].name'],
    ['an empty display name', edit((d) => (store(d).display_name = '')), '$.stores[0].display_name'],
    ['a blank display name', edit((d) => (store(d).display_name = ' \n ')), '$.stores[0].display_name'],
    [
      'a display name of 256 characters',
      edit((d) => (store(d).display_name = 'x'.repeat(maxName + 1))),
      '$.stores[0].display_name',
    ],
    ['a null display name', edit((d) => (store(d).display_name = null)), '$.stores[0].display_name'],
    ['a display name that is a number', edit((d) => (store(d).display_name = 7)), '$.stores[0].display_name'],
    ['a store without marketplace', edit((d) => delete store(d).marketplace), '$.stores[0].marketplace'],
    ['a lower-case currency', edit((d) => (store(d).currency = 'usd')), '$.stores[0].currency'],
    ['a currency as a number', edit((d) => (store(d).currency = 840)), '$.stores[0].currency'],
    ['a margin above 1', edit((d) => (store(d).margin_rate = 1.5)), '$.stores[0].margin_rate'],
    ['a null margin', edit((d) => (store(d).margin_rate = null)), '$.stores[0].margin_rate'],
    [
      'a negative shipping price',
      edit((d) => (store(d).shipping_methods = [{ id: 'a', label: 'A', price: -1 }])),
      '$.stores[0].shipping_methods[0].price',
    ],
    [
      'a shipping method without price',
      edit((d) => (store(d).shipping_methods = [{ id: 'a', label: 'A' }])),
      '$.stores[0].shipping_methods[0].price',
    ],
    [
      'a null shipping price',
      edit((d) => (store(d).shipping_methods = [{ id: 'a', label: 'A', price: null }])),
      '$.stores[0].shipping_methods[0].price',
    ],
    [
      'a shipping method id of 65 characters',
      edit((d) => (store(d).shipping_methods = [{ id: 'a'.repeat(maxCode + 1), label: 'A', price: 1 }])),
      '$.stores[0].shipping_methods[0].id',
    ],
    [
      'a three-letter country',
      edit((d) => (store(d).tax_rates = [{ country_code: 'USA', rate: 0.1 }])),
      '$.stores[0].tax_rates[0].country_code',
    ],
    [
      'a lower-case country',
      edit((d) => (store(d).tax_rates = [{ country_code: 'us', rate: 0.1 }])),
      '$.stores[0].tax_rates[0].country_code',
    ],
    [
      'a province without country',
      edit((d) => (store(d).tax_rates = [{ province_code: 'CA', rate: 0.1 }])),
      '$.stores[0].tax_rates[0].province_code',
    ],
    [
      'a province with a null country',
      edit((d) => (store(d).tax_rates = [{ country_code: null, province_code: 'CA', rate: 0.1 }])),
      '$.stores[0].tax_rates[0].province_code',
    ],
    [
      'a blank province',
      edit((d) => (store(d).tax_rates = [{ country_code: 'US', province_code: ' ', rate: 0.1 }])),
      '$.stores[0].tax_rates[0].province_code',
    ],
    [
      'a tax rate without rate',
      edit((d) => (store(d).tax_rates = [{ country_code: 'US' }])),
      '$.stores[0].tax_rates[0].rate',
    ],
    ['a negative tax rate', edit((d) => (store(d).tax_rates = [{ rate: -0.1 }])), '$.stores[0].tax_rates[0].rate'],
    ['a product without title', edit((d) => delete product(d).title), '$.products[0].title'],
    ['a title of 2049 characters', edit((d) => (product(d).title = 'x'.repeat(maxText + 1))), '$.products[0].title'],
    [
      'a title of 2049 characters outside the BMP',
      edit((d) => (product(d).title = '\u{1F600}'.repeat(maxText + 1))),
      '$.products[0].title',
    ],
    ['a product id as a string', edit((d) => (product(d).id = '11')), '$.products[0].id'],
    ['a price as a string', edit((d) => (product(d).price = '100')), '$.products[0].price'],
    ['a negative price', edit((d) => (product(d).price = -1)), '$.products[0].price'],
    ['a price beyond the stored range', edit((d) => (product(d).price = maxId + 1)), '$.products[0].price'],
    ['a description that is a number', edit((d) => (product(d).description = 42)), '$.products[0].description'],
    ['a url of 2049 characters', edit((d) => (product(d).url = 'u'.repeat(maxText + 1))), '$.products[0].url'],
    ['a null is_available', edit((d) => (product(d).is_available = null)), '$.products[0].is_available'],
    ['native_checkout as a string', edit((d) => (product(d).native_checkout = 'yes')), '$.products[0].native_checkout'],
    ['an image that is a number', edit((d) => (product(d).images = [1])), '$.products[0].images[0]'],
    [
      '1001 images',
      edit((d) => (product(d).images = Array.from({ length: maxItems + 1 }, (_, index) => `${index}.jpg`))),
      '$.products[0].images',
    ],
    [
      '1001 values of a variant',
      edit((d) => (product(d).variants = [{ name: 'Size', values: Array.from({ length: maxItems + 1 }, String) }])),
      '$.products[0].variants[0].values',
    ],
    [
      '10001 SKUs',
      edit(
        (d) =>
          (product(d).skus = Array.from({ length: maxSkus + 1 }, (_, index) => ({ ...sku(d), sku_id: index + 1 }))),
      ),
      '$.products[0].skus',
    ],
    [
      '1001 shipping methods',
      edit(
        (d) =>
          (store(d).shipping_methods = Array.from({ length: maxItems + 1 }, (_, index) => ({
            id: `m${index}`,
            label: 'M',
            price: 1,
          }))),
      ),
      '$.stores[0].shipping_methods',
    ],
    ['variants as a string', edit((d) => (product(d).variants = 'Size')), '$.products[0].variants'],
    [
      'a variant without name',
      edit((d) => (product(d).variants = [{ visual: true }])),
      '$.products[0].variants[0].name',
    ],
    [
      'a variant visual as a string',
      edit((d) => (product(d).variants = [{ name: 'Size', visual: 'no' }])),
      '$.products[0].variants[0].visual',
    ],
    [
      'a variant value that is null',
      edit((d) => (product(d).variants = [{ name: 'Size', values: [null] }])),
      '$.products[0].variants[0].values[0]',
    ],
    ['skus as an object', edit((d) => (product(d).skus = {} as never)), '$.products[0].skus'],
    ['a SKU without sku_id', edit((d) => delete sku(d).sku_id), '$.products[0].skus[0].sku_id'],
    ['a negative merchant_id', edit((d) => (sku(d).merchant_id = -1)), '$.products[0].skus[0].merchant_id'],
    ['a SKU without name', edit((d) => delete sku(d).name), '$.products[0].skus[0].name'],
    ['a SKU without qty_available', edit((d) => delete sku(d).qty_available), '$.products[0].skus[0].qty_available'],
    ['a negative quantity', edit((d) => (sku(d).qty_available = -1)), '$.products[0].skus[0].qty_available'],
    ['a quantity with decimals', edit((d) => (sku(d).qty_available = 1.5)), '$.products[0].skus[0].qty_available'],
    [
      'a SKU without any price',
      edit((d) => (delete sku(d).sale_price, delete sku(d).retail_price)),
      '$.products[0].skus[0]',
    ],
    [
      'a SKU with null prices',
      edit((d) => ((sku(d).sale_price = null), (sku(d).retail_price = null))),
      '$.products[0].skus[0]',
    ],
    ['a sale price as a string', edit((d) => (sku(d).sale_price = '90')), '$.products[0].skus[0].sale_price'],
    ['a negative retail price', edit((d) => (sku(d).retail_price = -100)), '$.products[0].skus[0].retail_price'],
    ['a SKU without currency', edit((d) => delete sku(d).currency), '$.products[0].skus[0].currency'],
    ['an empty status', edit((d) => (sku(d).status = '')), '$.products[0].skus[0].status'],
    [
      'a status of 65 characters',
      edit((d) => (sku(d).status = 'S'.repeat(maxCode + 1))),
      '$.products[0].skus[0].status',
    ],
    ['a null type', edit((d) => (sku(d).type = null)), '$.products[0].skus[0].type'],
    ['taxable as a number', edit((d) => (sku(d).taxable = 1)), '$.products[0].skus[0].taxable'],
    ['in_stock as a string', edit((d) => (sku(d).in_stock = 'true')), '$.products[0].skus[0].in_stock'],
    ['a tax_type that is a number', edit((d) => (sku(d).tax_type = 5)), '$.products[0].skus[0].tax_type'],
    [
      'a date that is not ISO 8601',
      edit((d) => (sku(d).date_created = 'yesterday')),
      '$.products[0].skus[0].date_created',
    ],
    [
      'a date without a time zone',
      edit((d) => (sku(d).date_last_modified = '2026-01-05T10:00:00')),
      '$.products[0].skus[0].date_last_modified',
    ],
    ['a date without a time', edit((d) => (sku(d).date_created = '2026-01-05')), '$.products[0].skus[0].date_created'],
    ['a product_id as a string', edit((d) => (sku(d).product_id = '11')), '$.products[0].skus[0].product_id'],
    [
      'a variant value without value',
      edit((d) => (sku(d).variant_values = [{ variant: 'Size' }])),
      '$.products[0].skus[0].variant_values[0].value',
    ],
    [
      'a variant value that is a string',
      edit((d) => (sku(d).variant_values = ['Size=S'])),
      '$.products[0].skus[0].variant_values[0]',
    ],
    [
      'a negative weight',
      edit((d) => (sku(d).sku_dimensions = [{ weight: -1, type: 'kg' }])),
      '$.products[0].skus[0].sku_dimensions[0].weight',
    ],
    [
      'a dimension without unit',
      edit((d) => (sku(d).sku_dimensions = [{ weight: 1 }])),
      '$.products[0].skus[0].sku_dimensions[0].type',
    ],
    ['a media type other than image or video', edit((d) => (media(d).type = 'gif')), '$.media[0].type'],
    ['a media item without type', edit((d) => delete media(d).type), '$.media[0].type'],
    ['a slug with a slash', edit((d) => (media(d).slug = 'a/b')), '$.media[0].slug'],
    ['a slug with a space', edit((d) => (media(d).slug = 'a b')), '$.media[0].slug'],
    ['an empty slug', edit((d) => (media(d).slug = '')), '$.media[0].slug'],
    ['a slug of 256 characters', edit((d) => (media(d).slug = 's'.repeat(maxName + 1))), '$.media[0].slug'],
    ['a media item without file_name', edit((d) => delete media(d).file_name), '$.media[0].file_name'],
    [
      'a file name of 1025 characters',
      edit((d) => (media(d).file_name = 'f'.repeat(maxFileName + 1))),
      '$.media[0].file_name',
    ],
    ['a platform that is a number', edit((d) => (media(d).platform = 7)), '$.media[0].platform'],
    ['a media product id of 0', edit((d) => (media(d).product_ids = [0])), '$.media[0].product_ids[0]'],
    ['a media product id as a string', edit((d) => (media(d).product_ids = ['11'])), '$.media[0].product_ids[0]'],
    ['a product twice in a media item', edit((d) => (media(d).product_ids = [11, 11])), '$.media[0].product_ids[1]'],
    [
      'a media item of 1001 products',
      edit((d) => (media(d).product_ids = Array.from({ length: maxItems + 1 }, (_, index) => index + 1))),
      '$.media[0].product_ids',
    ],
    ['a url of another scheme', edit((d) => (media(d).url = 'ftp://h/a.jpg')), '$.media[0].url'],
    ['a relative url', edit((d) => (media(d).url = 'a.jpg')), '$.media[0].url'],
    ['a url of another host without a scheme', edit((d) => (media(d).url = '//h/a.jpg')), '$.media[0].url'],
    ['a url of another host through a backslash', edit((d) => (media(d).url = '/\\h/a.jpg')), '$.media[0].url'],
    ['a url of just "/"', edit((d) => (media(d).url = '/')), '$.media[0].url'],
    ['a url with a space', edit((d) => (media(d).url = 'https://h/a b.jpg')), '$.media[0].url'],
    ['a url with a control character', edit((d) => (media(d).url = 'https://h/a\u0007.jpg')), '$.media[0].url'],
    ['a url of 2049 characters', edit((d) => (media(d).url = `https://${'h'.repeat(maxText - 7)}`)), '$.media[0].url'],
    ['a width of 0', edit((d) => (media(d).width = 0)), '$.media[0].width'],
    ['a height past the largest', edit((d) => (media(d).height = maxPixels + 1)), '$.media[0].height'],
    ['a width with decimals', edit((d) => (media(d).width = 10.5)), '$.media[0].width'],
    ['a poster on an image', edit((d) => (media(d).poster_url = '/p.jpg')), '$.media[0].poster_url'],
    ['a duration on an image', edit((d) => (media(d).duration_ms = 1000)), '$.media[0].duration_ms'],
    ['captions on an image', edit((d) => (media(d).captions_url = '/c.vtt')), '$.media[0].captions_url'],
    [
      'a relative captions url',
      edit((d) => Object.assign(media(d), { type: 'video', captions_url: 'c.vtt' })),
      '$.media[0].captions_url',
    ],
    [
      'a captions url of another host without a scheme',
      edit((d) => Object.assign(media(d), { type: 'video', captions_url: '//h/c.vtt' })),
      '$.media[0].captions_url',
    ],
    ['an alt text of 501 characters', edit((d) => (media(d).alt = 'a'.repeat(maxAlt + 1))), '$.media[0].alt'],
    ['an alt text that is a list', edit((d) => (media(d).alt = ['a'])), '$.media[0].alt'],
    [
      'a duration of 0',
      edit((d) => Object.assign(media(d), { type: 'video', duration_ms: 0 })),
      '$.media[0].duration_ms',
    ],
    ['placements as an object', edit((d) => (media(d).placements = { product_id: 11 })), '$.media[0].placements'],
    ['a placement that is a number', edit((d) => (media(d).placements = [11])), '$.media[0].placements[0]'],
    [
      '1001 placements',
      edit((d) => (media(d).placements = Array.from({ length: maxItems + 1 }, () => ({ product_id: 11, x: 0, y: 0 })))),
      '$.media[0].placements',
    ],
    [
      'a placement without product_id',
      edit((d) => (media(d).placements = [{ x: 0, y: 0 }])),
      '$.media[0].placements[0].product_id',
    ],
    [
      'a fraction above 1',
      edit((d) => (media(d).placements = [{ product_id: 11, x: 1.5, y: 0 }])),
      '$.media[0].placements[0].x',
    ],
    [
      'a negative fraction',
      edit((d) => (media(d).placements = [{ product_id: 11, x: 0, y: -0.1 }])),
      '$.media[0].placements[0].y',
    ],
    [
      'a null fraction',
      edit((d) => (media(d).placements = [{ product_id: 11, x: null, y: 0 }])),
      '$.media[0].placements[0].x',
    ],
    [
      'an image placement without x and y',
      edit((d) => (media(d).placements = [{ product_id: 11 }])),
      '$.media[0].placements[0].x',
    ],
    [
      'an image placement without y',
      edit((d) => (media(d).placements = [{ product_id: 11, x: 0.5 }])),
      '$.media[0].placements[0].y',
    ],
    [
      'a time range on an image',
      edit((d) => (media(d).placements = [{ product_id: 11, x: 0, y: 0, start_ms: 0, end_ms: 10 }])),
      '$.media[0].placements[0].start_ms',
    ],
    [
      'a video placement with y but not x',
      edit((d) => Object.assign(media(d), { type: 'video', placements: [{ product_id: 11, y: 0.5 }] })),
      '$.media[0].placements[0].x',
    ],
    [
      'a video placement with end_ms but not start_ms',
      edit((d) => Object.assign(media(d), { type: 'video', placements: [{ product_id: 11, end_ms: 10 }] })),
      '$.media[0].placements[0].start_ms',
    ],
    [
      'a negative start_ms',
      edit((d) =>
        Object.assign(media(d), { type: 'video', placements: [{ product_id: 11, start_ms: -1, end_ms: 10 }] }),
      ),
      '$.media[0].placements[0].start_ms',
    ],
    [
      'an end_ms of 0',
      edit((d) => Object.assign(media(d), { type: 'video', placements: [{ product_id: 11, start_ms: 0, end_ms: 0 }] })),
      '$.media[0].placements[0].end_ms',
    ],
    [
      'a start_ms with decimals',
      edit((d) =>
        Object.assign(media(d), { type: 'video', placements: [{ product_id: 11, start_ms: 0.5, end_ms: 10 }] }),
      ),
      '$.media[0].placements[0].start_ms',
    ],
    ['a similar pair that is a list', edit((d) => (d.similar = [[11, 12] as never])), '$.similar[0]'],
    [
      'a similar pair without similar_product_id',
      edit((d) => delete d.similar[0]!.similar_product_id),
      '$.similar[0].similar_product_id',
    ],
    ['a similar product id as a string', edit((d) => (d.similar[0]!.product_id = 'eleven')), '$.similar[0].product_id'],
  ];

  for (const [name, document, path] of invalid) {
    it(`on ${name}: both reject it, at ${path}`, () => {
      const problems = byValidator(document);
      expect(problems.map((problem) => problem.path)).toContain(path);
      const errors = bySchema(document);
      expect(errors.length, 'the JSON Schema accepts it').toBeGreaterThan(0);
      // The schema points at the value, or at what holds it for a missing or dependent key or a duplicate.
      const located = errors.some(
        (error) =>
          error.instanceLocation === pointer(path) ||
          (['required', 'dependentRequired', 'if', 'uniqueItems'].includes(error.keyword) &&
            error.instanceLocation === pointer(parent(path))),
      );
      expect(
        located,
        `no schema error at ${pointer(path)}: ${JSON.stringify(errors.map((error) => [error.instanceLocation, error.keyword]))}`,
      ).toBe(true);
    });
  }

  // What takes more than one record's shape is the validator's alone: the schema accepts these.
  const semantic: [string, unknown, string][] = [
    ['a currency not in ISO 4217', edit((d) => (store(d).currency = 'XYZ')), '$.stores[0].currency'],
    ['a withdrawn currency', edit((d) => (store(d).currency = 'BGN')), '$.stores[0].currency'],
    ['a price finer than cents', edit((d) => (product(d).price = 10.001)), '$.products[0].price'],
    ['a rate with 7 decimals', edit((d) => (store(d).margin_rate = 0.1234567)), '$.stores[0].margin_rate'],
    ['a duplicate store id', edit((d) => d.stores.push({ ...store(d) })), '$.stores[1].id'],
    [
      'a SKU of a store in neither the document nor the database',
      edit((d) => (sku(d).merchant_id = 99)),
      '$.products[0].skus[0].merchant_id',
    ],
    [
      'a SKU in another currency than its store',
      edit((d) => (sku(d).currency = 'EUR')),
      '$.products[0].skus[0].currency',
    ],
    ['a SKU naming another product', edit((d) => (sku(d).product_id = 12)), '$.products[0].skus[0].product_id'],
    [
      'a media item showing an unknown product',
      edit((d) => (media(d).product_ids = [404])),
      '$.media[0].product_ids[0]',
    ],
    [
      'a placement of a product the media does not show',
      edit((d) => (media(d).placements = [{ product_id: 13, x: 0, y: 0 }])),
      '$.media[0].placements[0].product_id',
    ],
    [
      'a time range that ends before it starts',
      edit((d) =>
        Object.assign(media(d), { type: 'video', placements: [{ product_id: 11, start_ms: 10, end_ms: 5 }] }),
      ),
      '$.media[0].placements[0].end_ms',
    ],
    [
      'a time range past the duration',
      edit((d) =>
        Object.assign(media(d), {
          type: 'video',
          duration_ms: 1000,
          placements: [{ product_id: 11, start_ms: 0, end_ms: 1001 }],
        }),
      ),
      '$.media[0].placements[0].end_ms',
    ],
    ['a product similar to itself', edit((d) => (d.similar[0]!.similar_product_id = 11)), '$.similar[0]'],
  ];

  for (const [name, document, path] of semantic) {
    it(`on ${name}: the schema accepts it, the validator reports it at ${path}`, () => {
      expect(bySchema(document)).toStrictEqual([]);
      expect(byValidator(document).map((problem) => problem.path)).toContain(path);
    });
  }

  it(`on more than ${maxSimilar} similar products for one product: the schema accepts it, the validator reports it once, at the first pair past it`, () => {
    const document = edit(
      (d) =>
        (d.similar = Array.from({ length: maxSimilar + 5 }, (_, index) => ({
          product_id: 11,
          similar_product_id: 100 + index,
        }))),
    );
    expect(bySchema(document)).toStrictEqual([]);
    const result = validateCatalog(document, nothingStored(), { maxProblems: 5000 });
    // the similar products are in neither the document nor the database: reported too, and left aside here
    const problems = result.ok ? [] : result.problems.filter((problem) => !problem.message.startsWith('no product'));
    expect(problems).toStrictEqual([
      { path: `$.similar[${maxSimilar}]`, message: `product 11 has more than ${maxSimilar} similar products` },
    ]);
  });
});
