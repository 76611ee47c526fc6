// A media item's details (its file's URL, its size, a video's poster, length and captions, its alt
// text) and placements (where, in a video when, each product it shows appears): stored as the document gives them,
// replaced whole by a re-import, and every bad one refused at its JSON path with nothing written.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogValidationError, importCatalog, importCatalogFile } from '../../src/catalog/import/importer.js';
import { catalogLimits } from '../../src/catalog/import/document/limits.js';
import { createTestDatabase, dumpDatabase, readFixture, type TestDatabase } from '../helpers.js';

type Placement = Record<string, unknown>;
type Media = Record<string, unknown> & { placements: Placement[] };
type Doc = { media: Media[] } & Record<string, unknown>;

/** The fixture's image 1 and video 2 (products 11, 16 and 15, 11), with details and placements. */
function looks(): Doc {
  return {
    media: [
      {
        type: 'image',
        id: 1,
        slug: 'look-one',
        file_name: 'look-one.jpg',
        platform: 'instagram',
        url: 'https://cdn.example/looks/one.jpg',
        width: 1080,
        height: 1350,
        alt: 'A hooded jacket and a cap on a pebble beach at dusk',
        product_ids: [11, 16],
        // a product may appear more than once; 0.1 and 1/3 have no exact binary form
        placements: [
          { product_id: 11, x: 0.1, y: 1 / 3 },
          { product_id: 16, x: 0.7, y: 0.9 },
          { product_id: 11, x: 0, y: 1 },
        ],
      },
      {
        type: 'video',
        id: 2,
        slug: 'clip-two',
        file_name: 'clip-two.mp4',
        url: '/media/clip-two.mp4',
        poster_url: '/media/clip-two.jpg',
        width: 1920,
        height: 1080,
        duration_ms: 30_000,
        alt: 'Two hikers try the same jacket in the rain, then in the sun',
        captions_url: '/media/clip-two.vtt',
        product_ids: [15, 11],
        placements: [
          // a point for a while, a time range without a point, the whole video
          { product_id: 15, x: 0.5, y: 0.25, start_ms: 0, end_ms: 12_000 },
          { product_id: 11, start_ms: 12_000, end_ms: 30_000 },
          { product_id: 15 },
        ],
      },
    ],
  };
}

const placementsOf = (database: TestDatabase, mediaId: number) =>
  database.db.mediaPlacement.findMany({ where: { mediaId }, orderBy: { position: 'asc' } });
const detailsOf = (database: TestDatabase, id: number) =>
  database.db.media.findUnique({
    where: { id },
    select: { url: true, posterUrl: true, width: true, height: true, durationMs: true, alt: true, captionsUrl: true },
  });

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await importCatalog(database.db, readFixture('catalog.json'));
});
afterAll(() => database.close());

describe('a document of today, without details or placements', () => {
  it('imports as before: media without details, no placements, and again nothing changes', async () => {
    expect(await detailsOf(database, 1)).toStrictEqual({
      url: null,
      posterUrl: null,
      width: null,
      height: null,
      durationMs: null,
      alt: null,
      captionsUrl: null,
    });
    expect(await database.db.mediaPlacement.count()).toBe(0);
    const before = await dumpDatabase(database);
    const report = await importCatalog(database.db, readFixture('catalog.json'));
    expect(report.media).toStrictEqual({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await dumpDatabase(database)).toBe(before);
  });
});

describe('media details and placements', () => {
  it('are stored exactly as given, each placement at its place in the list', async () => {
    const report = await importCatalog(database.db, looks());
    expect(report.media).toStrictEqual({ inserted: 0, updated: 2, unchanged: 0 });
    expect(await detailsOf(database, 1)).toStrictEqual({
      url: 'https://cdn.example/looks/one.jpg',
      posterUrl: null,
      width: 1080,
      height: 1350,
      durationMs: null,
      alt: 'A hooded jacket and a cap on a pebble beach at dusk',
      captionsUrl: null,
    });
    expect(await detailsOf(database, 2)).toStrictEqual({
      url: '/media/clip-two.mp4',
      posterUrl: '/media/clip-two.jpg',
      width: 1920,
      height: 1080,
      durationMs: 30_000,
      alt: 'Two hikers try the same jacket in the rain, then in the sun',
      captionsUrl: '/media/clip-two.vtt',
    });
    expect(await placementsOf(database, 1)).toStrictEqual([
      { mediaId: 1, position: 0, productId: 11, x: 0.1, y: 1 / 3, startMs: null, endMs: null },
      { mediaId: 1, position: 1, productId: 16, x: 0.7, y: 0.9, startMs: null, endMs: null },
      { mediaId: 1, position: 2, productId: 11, x: 0, y: 1, startMs: null, endMs: null },
    ]);
    expect(await placementsOf(database, 2)).toStrictEqual([
      { mediaId: 2, position: 0, productId: 15, x: 0.5, y: 0.25, startMs: 0, endMs: 12_000 },
      { mediaId: 2, position: 1, productId: 11, x: null, y: null, startMs: 12_000, endMs: 30_000 },
      { mediaId: 2, position: 2, productId: 15, x: null, y: null, startMs: null, endMs: null },
    ]);
    // their links to the products are what product_ids says, as before
    expect(
      await database.db.mediaProduct.findMany({
        where: { mediaId: 2 },
        orderBy: { position: 'asc' },
        select: { productId: true },
      }),
    ).toStrictEqual([{ productId: 15 }, { productId: 11 }]);
  });

  it('imported again, are unchanged and nothing is written', async () => {
    const before = await dumpDatabase(database);
    const report = await importCatalog(database.db, looks());
    expect(report.media).toStrictEqual({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await dumpDatabase(database)).toBe(before);
  });

  it('are replaced by a document with fewer (or other) placements', async () => {
    const doc = looks();
    doc.media[0]!.placements = [{ product_id: 16, x: 0.5, y: 0.5 }];
    doc.media[1]!.placements = [];
    const report = await importCatalog(database.db, doc);
    expect(report.media).toStrictEqual({ inserted: 0, updated: 2, unchanged: 0 });
    expect(await placementsOf(database, 1)).toStrictEqual([
      { mediaId: 1, position: 0, productId: 16, x: 0.5, y: 0.5, startMs: null, endMs: null },
    ]);
    expect(await placementsOf(database, 2)).toStrictEqual([]);
    // the details stay as the document gives them
    expect(await detailsOf(database, 2)).toStrictEqual({
      url: '/media/clip-two.mp4',
      posterUrl: '/media/clip-two.jpg',
      width: 1920,
      height: 1080,
      durationMs: 30_000,
      alt: 'Two hikers try the same jacket in the rain, then in the sun',
      captionsUrl: '/media/clip-two.vtt',
    });
  });

  it('of products that come after the media in a file wait for them, and replace the stored ones', async () => {
    const dir = join(import.meta.dirname, '..', '.tmp');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `placements-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    const doc = looks();
    // media first: product 18 is read after them (a placement's product must be stored before its row)
    doc.media[0]!.product_ids = [18, 11];
    doc.media[0]!.placements = [
      { product_id: 18, x: 0.2, y: 0.3 },
      { product_id: 11, x: 0.6, y: 0.6 },
    ];
    doc.media.push({
      type: 'video',
      id: 7,
      slug: 'clip-seven',
      file_name: 'clip-seven.mp4',
      duration_ms: 5000,
      product_ids: [18],
      placements: [{ product_id: 18, start_ms: 1000, end_ms: 5000 }],
    });
    const product = {
      id: 18,
      title: 'Cap',
      price: 15,
      currency: 'USD',
      skus: [{ sku_id: 1801, merchant_id: 1, name: 'Cap', qty_available: 3, retail_price: 15, currency: 'USD' }],
    };
    writeFileSync(file, JSON.stringify({ media: doc.media, products: [product] }));
    try {
      const report = await importCatalogFile(database.db, file, { batchSize: 1 });
      expect(report.media).toStrictEqual({ inserted: 1, updated: 2, unchanged: 0 });
    } finally {
      rmSync(file, { force: true });
    }
    expect(await placementsOf(database, 1)).toStrictEqual([
      { mediaId: 1, position: 0, productId: 18, x: 0.2, y: 0.3, startMs: null, endMs: null },
      { mediaId: 1, position: 1, productId: 11, x: 0.6, y: 0.6, startMs: null, endMs: null },
    ]);
    expect(await placementsOf(database, 2)).toHaveLength(3);
    expect(await placementsOf(database, 7)).toStrictEqual([
      { mediaId: 7, position: 0, productId: 18, x: null, y: null, startMs: 1000, endMs: 5000 },
    ]);
  });
});

describe('a bad media detail or placement', () => {
  let before: string;
  beforeEach(async () => {
    // what is stored differs from looks(): a document that were written would show
    await importCatalog(database.db, { media: looks().media.map((media) => ({ ...media, placements: [] })) });
    before = await dumpDatabase(database);
  });

  const edit = (change: (image: Media, video: Media) => void): Doc => {
    const doc = looks();
    change(doc.media[0]!, doc.media[1]!);
    return doc;
  };

  // [what is wrong, the document, where it is reported, what is said]
  const cases: [string, Doc, string, RegExp][] = [
    [
      'a fraction above 1',
      edit((image) => (image.placements[0]!.x = 1.5)),
      '$.media[0].placements[0].x',
      /must be a number from 0 to 1, got 1.5/,
    ],
    [
      'a negative fraction',
      edit((image) => (image.placements[1]!.y = -0.1)),
      '$.media[0].placements[1].y',
      /must be a number from 0 to 1, got -0.1/,
    ],
    [
      'a fraction as a string',
      edit((_image, video) => (video.placements[0]!.x = '0.5')),
      '$.media[1].placements[0].x',
      /must be a number from 0 to 1/,
    ],
    [
      'an image placement without x and y',
      edit((image) => (image.placements[2] = { product_id: 11 })),
      '$.media[0].placements[2].x',
      /is required on an image/,
    ],
    [
      'an image placement without y',
      edit((image) => delete image.placements[2]!.y),
      '$.media[0].placements[2].y',
      /is required on an image/,
    ],
    [
      'a video placement with x but not y',
      edit((_image, video) => delete video.placements[0]!.y),
      '$.media[1].placements[0].y',
      /is required with x/,
    ],
    [
      'a time range on an image',
      edit((image) => Object.assign(image.placements[0]!, { start_ms: 0, end_ms: 1000 })),
      '$.media[0].placements[0].start_ms',
      /a video's only: an image has no time range/,
    ],
    [
      'start_ms equal to end_ms',
      edit((_image, video) => (video.placements[0]!.start_ms = 12_000)),
      '$.media[1].placements[0].end_ms',
      /must be after start_ms \(12000\), got 12000/,
    ],
    [
      'start_ms after end_ms',
      edit((_image, video) => Object.assign(video.placements[1]!, { start_ms: 25_000, end_ms: 20_000 })),
      '$.media[1].placements[1].end_ms',
      /must be after start_ms \(25000\), got 20000/,
    ],
    [
      'start_ms without end_ms',
      edit((_image, video) => delete video.placements[1]!.end_ms),
      '$.media[1].placements[1].end_ms',
      /is required with start_ms/,
    ],
    [
      'a negative start_ms',
      edit((_image, video) => (video.placements[0]!.start_ms = -1)),
      '$.media[1].placements[0].start_ms',
      /must be an integer from 0/,
    ],
    [
      'end_ms past duration_ms',
      edit((_image, video) => (video.placements[1]!.end_ms = 30_001)),
      '$.media[1].placements[1].end_ms',
      /a time range past the duration: 30001 is after duration_ms \(30000\)/,
    ],
    [
      'a product the media does not show',
      edit((image) => (image.placements[1]!.product_id = 12)),
      '$.media[0].placements[1].product_id',
      /a placement of a product the media does not show: 12/,
    ],
    [
      'a placement without product_id',
      edit((image) => delete image.placements[1]!.product_id),
      '$.media[0].placements[1].product_id',
      /is required/,
    ],
    [
      'a poster on an image',
      edit((image) => (image.poster_url = '/media/poster.jpg')),
      '$.media[0].poster_url',
      /a video's only/,
    ],
    ['a duration on an image', edit((image) => (image.duration_ms = 1000)), '$.media[0].duration_ms', /a video's only/],
    [
      'a duration of 0',
      edit((_image, video) => (video.duration_ms = 0)),
      '$.media[1].duration_ms',
      /must be an integer from 1/,
    ],
    [
      'a width of 0',
      edit((image) => (image.width = 0)),
      '$.media[0].width',
      /must be an integer from 1 to 100000 or null, got 0/,
    ],
    [
      'a height past the largest',
      edit((image) => (image.height = catalogLimits.maxPixels + 1)),
      '$.media[0].height',
      /from 1 to 100000/,
    ],
    [
      'a url of another scheme',
      edit((image) => (image.url = 'ftp://cdn.example/one.jpg')),
      '$.media[0].url',
      /must be an absolute http\(s\) URL or a path on this gateway/,
    ],
    ['a relative url', edit((image) => (image.url = 'looks/one.jpg')), '$.media[0].url', /absolute http\(s\) URL/],
    [
      'a url of another host without a scheme',
      edit((image) => (image.url = '//evil.example/one.jpg')),
      '$.media[0].url',
      /absolute http\(s\) URL/,
    ],
    [
      'a url with a space',
      edit((_image, video) => (video.url = 'https://cdn.example/clip two.mp4')),
      '$.media[1].url',
      /absolute http\(s\) URL/,
    ],
    [
      'a bad poster url',
      edit((_image, video) => (video.poster_url = 'poster.jpg')),
      '$.media[1].poster_url',
      /absolute http\(s\) URL/,
    ],
    [
      'captions on an image',
      edit((image) => (image.captions_url = '/media/one.vtt')),
      '$.media[0].captions_url',
      /is a video's only: an image has none, got "\/media\/one.vtt"/,
    ],
    [
      'a captions url of another scheme',
      edit((_image, video) => (video.captions_url = 'ftp://cdn.example/clip-two.vtt')),
      '$.media[1].captions_url',
      /must be an absolute http\(s\) URL or a path on this gateway/,
    ],
    [
      'a relative captions url',
      edit((_image, video) => (video.captions_url = 'clip-two.vtt')),
      '$.media[1].captions_url',
      /absolute http\(s\) URL/,
    ],
    [
      `an alt text of ${catalogLimits.maxAlt + 1} characters`,
      edit((image) => (image.alt = 'x'.repeat(catalogLimits.maxAlt + 1))),
      '$.media[0].alt',
      /must be a string of at most 500 characters or null, got "x{40}…"/,
    ],
    ['an alt text that is a number', edit((_image, video) => (video.alt = 7)), '$.media[1].alt', /got 7/],
    [
      'placements not a list',
      edit((image) => (image.placements = { product_id: 11 } as never)),
      '$.media[0].placements',
      /must be an array/,
    ],
    [
      'a placement that is a number',
      edit((image) => (image.placements[0] = 11 as never)),
      '$.media[0].placements[0]',
      /must be an object/,
    ],
    [
      `${catalogLimits.maxItems + 1} placements`,
      edit(
        (image) =>
          (image.placements = Array.from({ length: catalogLimits.maxItems + 1 }, () => ({
            product_id: 11,
            x: 0.5,
            y: 0.5,
          }))),
      ),
      '$.media[0].placements',
      /must have at most 1000 items/,
    ],
  ];

  for (const [name, doc, path, message] of cases) {
    it(`${name}: refused at ${path}, nothing written`, async () => {
      const error = await importCatalog(database.db, doc).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(CatalogValidationError);
      expect((error as CatalogValidationError).problems).toContainEqual({
        path,
        message: expect.stringMatching(message),
      });
      expect(await dumpDatabase(database)).toBe(before);
    });
  }

  it('is reported once: a placement of a product the document lacks is reported where product_ids names it', async () => {
    const doc = edit((image) => {
      image.product_ids = [11, 404];
      image.placements = [{ product_id: 404, x: 0.5, y: 0.5 }];
    });
    const error = (await importCatalog(database.db, doc).catch((caught: unknown) => caught)) as CatalogValidationError;
    expect(error.problems).toStrictEqual([
      { path: '$.media[0].product_ids[1]', message: 'no product 404 in the document or the database' },
    ]);
  });

  it('aside, the document of the cases imports (each case was refused for its one fault)', async () => {
    await importCatalog(database.db, looks());
    expect(await dumpDatabase(database)).not.toBe(before);
  });
});
