// The catalog's read model: each product's REST answer (the product with its listed SKUs) kept in
// ProductAnswer as the JSON text that is sent. It is written in the transaction of every change to
// what it shows — an import (catalog rows), a submit (stock taken), an order cancelled or failed
// (stock given back) — so it is never behind the rows it is made from, and every process reads
// the same. A cold catalog read is then one or two indexed lookups through the driver
// (db/reader.ts) and some string joins: no records, no serializer. Media and comparables answers
// are assembled from the products' texts, a comparable's price tier inserted on the way.
//
// A product without a text (a database from before the table; the import fills the gaps), or with
// a text of another answer format (written by code whose REST shape differed), makes the read
// answer undefined, and the caller reads it the long way; texts of another format are rewritten
// when a process starts (rewriteStaleAnswers) and by the next import.
import { sqlOf } from '../db/tx-sql.js';
import { createHash } from 'node:crypto';
import { AppError } from '../errors.js';
import type { Db, DbClient } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { RowReader } from '../db/reader.js';
import { priceTier } from '../domain/price-tier.js';
import { bumpImportVersion } from './catalog-version.repository.js';
import { CatalogRepository } from './catalog.repository.js';
import { skusByProduct } from './loaders.js';
import { mediaInfoView, productView } from './catalog.view.js';
import { Product, Sku } from './catalog.schemas.js';
import { dialectOf } from '../db/dialect.js';
import { CatalogBulkRepository, type BulkTable } from './catalog-bulk.repository.js';
import type { MediaKind, MediaRecord, ProductDetail, ProductRecord, SkuRecord } from './catalog.model.js';
import { mediaTable, type RawRow } from './catalog.fields.js';

/** Raise when the texts change in a way their REST shape does not show (a number's form, say). */
const answerRevision = 1;

/**
 * The format the answer texts are written in: a digest of the REST shapes of a product and a SKU
 * (their keys, in order, and types) and answerRevision. A change of shape is a new format, so
 * texts written before it are never sent after it.
 */
export const answerFormat = createHash('sha256')
  .update(JSON.stringify([answerRevision, Product, Sku]))
  .digest('hex')
  .slice(0, 16);

interface AnswerRow {
  productId: number;
  priceMinor: number;
  currency: string;
  body: string;
  format: string;
}

const answerTable: BulkTable<AnswerRow> = {
  name: 'ProductAnswer',
  columns: [
    ['productId', 'int'],
    ['priceMinor', 'int'],
    ['currency', 'text'],
    ['body', 'text'],
    ['format', 'text'],
  ],
};

/** Products per batch when texts are (re)written. */
const writeBatch = 500;

/** The rows the answers of some products are made of: the products and their listed SKUs. */
export interface AnswerSources {
  products: ProductRecord[];
  skus: SkuRecord[];
}

/**
 * (Re)writes the answers of these products from their rows as `db` sees them (inside the caller's
 * transaction). Ids of products that do not exist are skipped. `later`: each batch's texts are
 * sent with what follows them (TxSql.later; a submit's leave with its COMMIT on PostgreSQL).
 * `read`: their rows, read already in the same transaction after the last change to them (a
 * submit's, behind its stock statements); used when it holds exactly these products.
 */
export async function writeProductAnswers(
  db: DbClient,
  productIds: Iterable<number>,
  { later = false, read }: { later?: boolean; read?: AnswerSources } = {},
): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  const bulk = new CatalogBulkRepository(db, dialectOf(db));
  if (read && ids.length <= writeBatch && sameIds(ids, read.products)) {
    return bulk.upsert(answerTable, answersOf(bulk, ids, read), { later });
  }
  for (let start = 0; start < ids.length; start += writeBatch)
    await bulk.upsert(answerTable, await answerRows(db, bulk, ids.slice(start, start + writeBatch)), { later });
}

/** Whether `products` are exactly the products of `ids` (ascending, distinct). */
function sameIds(ids: readonly number[], products: readonly ProductRecord[]): boolean {
  const read = products.map((product) => product.id).sort((a, b) => a - b);
  return read.length === ids.length && read.every((id, index) => id === ids[index]);
}

/**
 * The answer rows of these products (at most writeBatch), from their rows as `db` sees them: the
 * products and their SKUs read by two statements begun together (on PostgreSQL, in a write's own
 * transaction, they leave in one write: db/pg-pipeline.ts).
 */
async function answerRows(db: DbClient, bulk: CatalogBulkRepository, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const repository = new CatalogRepository(db);
  const [products, skus] = await Promise.all([repository.productsByIds(ids), repository.skusOfProducts(ids)]);
  return answersOf(bulk, ids, { products, skus });
}

function answersOf(bulk: CatalogBulkRepository, ids: readonly number[], { products, skus }: AnswerSources): string[] {
  const skusOf = skusByProduct(ids, skus);
  return encodeAnswers(
    bulk,
    products.map((product) => ({ product, skus: skusOf.get(product.id) ?? [] })),
  );
}

/**
 * Writes the answers of these products, each with its listed SKUs in their order, as their rows
 * hold them (the import's new products, from its batch: import/new-answers.ts).
 */
export async function writeAnswersOf(bulk: CatalogBulkRepository, details: ProductDetail[]): Promise<void> {
  await bulk.upsert(answerTable, encodeAnswers(bulk, details));
}

/**
 * The answer rows of these products, in id order: concurrent writers (two submits) take the rows'
 * locks in the same order.
 */
function encodeAnswers(bulk: CatalogBulkRepository, details: readonly ProductDetail[]): string[] {
  const sorted = [...details].sort((a, b) => a.product.id - b.product.id);
  return sorted.map(({ product, skus }) =>
    bulk.encode(answerTable, {
      productId: product.id,
      priceMinor: product.priceMinor,
      currency: product.currency,
      body: JSON.stringify(productView({ product, skus })),
      format: answerFormat,
    }),
  );
}

/** Drops the answers of these products (the import rewrites every missing one at its end). */
export async function dropProductAnswers(bulk: CatalogBulkRepository, productIds: readonly number[]): Promise<void> {
  await bulk.deleteWhereIn('ProductAnswer', 'productId', productIds);
}

/** Products looked at per page when the missing answers are looked for. */
const scanPage = 5000;

/**
 * Writes the answers of every product that has none or has one of another format, a batch at a
 * time (after an import's writes). Products are walked by id, a page at a time, the page's answers
 * read by the range of its ids: an anti-join per page made PostgreSQL, whose statistics are stale
 * right after a bulk load, scan both tables for every page. Two statements of the write's own SQL
 * a page: through the ORM, a page of 500 with its answers took 13 ms (26 s at 1,000,000 products).
 */
export async function writeMissingAnswers(db: DbClient): Promise<number> {
  const sql = sqlOf(db);
  let written = 0;
  for (let after = 0; ;) {
    const page = await sql.all<{ id: number }>(
      `SELECT "id" FROM "Product" WHERE "id" > ? ORDER BY "id" LIMIT ${scanPage}`,
      [after],
    );
    if (page.length === 0) return written;
    const last = Number(page[page.length - 1]!.id);
    // The format compared here: a condition on it could have the planner take its index (one
    // value, every row) for the range of the key.
    const current = await sql.all<{ productId: number; format: string }>(
      `SELECT "productId", "format" FROM "ProductAnswer" WHERE "productId" > ? AND "productId" <= ?`,
      [after, last],
    );
    const answered = new Set(current.filter((row) => row.format === answerFormat).map((row) => Number(row.productId)));
    const missing = page.map((row) => Number(row.id)).filter((id) => !answered.has(id));
    await writeProductAnswers(db, missing);
    written += missing.length;
    after = last;
  }
}

/**
 * At start: rewrites the texts of another answer format (written before this code's REST shape),
 * a batch per transaction, each batch's products locked first as every writer of texts does; then
 * moves the import version, so that every process drops the answers it kept. Answers how many.
 * Cheap when there are none: one lookup by index.
 */
export async function rewriteStaleAnswers(db: Db): Promise<number> {
  let rewritten = 0;
  for (;;) {
    const batch = await inTransaction(db, async (tx) => {
      const stale = await tx.productAnswer.findMany({
        where: { format: { not: answerFormat } },
        select: { productId: true },
        orderBy: { productId: 'asc' },
        take: writeBatch,
      });
      const ids = stale.map((row) => row.productId);
      if (ids.length === 0) return 0;
      await new CatalogBulkRepository(tx, dialectOf(tx)).lockProducts(ids);
      await writeProductAnswers(tx, ids);
      return ids.length;
    });
    if (batch === 0) break;
    rewritten += batch;
  }
  if (rewritten > 0) await inTransaction(db, (tx) => bumpImportVersion(tx));
  return rewritten;
}

interface PartRow {
  /** The product the text is of (null: it has none). */
  productId: number | string | null;
  body: string | null;
  priceMinor: number | null;
  currency: string | null;
}

interface OwnedPartRow extends PartRow {
  ownerId: number;
}

/** The media item's columns (its field table's); all plain, read as they are. */
const mediaColumns = mediaTable.columns.map((column) => `"${column.name}"`).join(', ');

const part =
  'a."productId" AS "productId", a."body" AS "body", a."priceMinor" AS "priceMinor", a."currency" AS "currency"';
/** Texts of this format only (a hex digest: safe in the statement's text). */
const current = `a."format" = '${answerFormat}'`;
/**
 * Bytes of the answer texts of a media item's products (`m`), and of their comparables (from their
 * stored sizes: no text is read).
 */
const productsText =
  `(SELECT COALESCE(SUM(octet_length(a."body")), 0) FROM "MediaProduct" AS m ` +
  `JOIN "ProductAnswer" AS a ON a."productId" = m."productId" WHERE m."mediaId" = "Media"."id")`;
const similarText =
  `(SELECT COALESCE(SUM(octet_length(a."body")), 0) FROM "MediaProduct" AS m ` +
  `JOIN "SimilarProduct" AS s ON s."productId" = m."productId" ` +
  `JOIN "ProductAnswer" AS a ON a."productId" = s."similarProductId" WHERE m."mediaId" = "Media"."id")`;
const mediaText = { plain: `${productsText} AS "text"`, withSimilar: `${productsText} + ${similarText} AS "text"` };
/** A media item by id or slug, with the characters of the texts its answer is made of (with comparables or not). */
const mediaStatements = {
  plain: {
    byId: `SELECT ${mediaColumns}, ${mediaText.plain} FROM "Media" WHERE "id" = ? AND "type" = ?`,
    bySlug: `SELECT ${mediaColumns}, ${mediaText.plain} FROM "Media" WHERE "type" = ? AND "slug" = ?`,
  },
  withSimilar: {
    byId: `SELECT ${mediaColumns}, ${mediaText.withSimilar} FROM "Media" WHERE "id" = ? AND "type" = ?`,
    bySlug: `SELECT ${mediaColumns}, ${mediaText.withSimilar} FROM "Media" WHERE "type" = ? AND "slug" = ?`,
  },
};
const statements = {
  product: `SELECT ${part} FROM "ProductAnswer" AS a WHERE a."productId" = ? AND ${current}`,
  productWithSimilarText:
    `SELECT ${part}, (SELECT COALESCE(SUM(octet_length(b."body")), 0) FROM "SimilarProduct" AS s ` +
    `JOIN "ProductAnswer" AS b ON b."productId" = s."similarProductId" ` +
    `WHERE s."productId" = a."productId") AS "text" FROM "ProductAnswer" AS a WHERE a."productId" = ? AND ${current}`,
  similarOfProduct:
    `SELECT ${part} FROM "SimilarProduct" AS s ` +
    `LEFT JOIN "ProductAnswer" AS a ON a."productId" = s."similarProductId" AND ${current} ` +
    `WHERE s."productId" = ? ORDER BY s."position"`,
  productsOfMedia:
    `SELECT m."productId" AS "ownerId", ${part} FROM "MediaProduct" AS m ` +
    `LEFT JOIN "ProductAnswer" AS a ON a."productId" = m."productId" AND ${current} ` +
    `WHERE m."mediaId" = ? ORDER BY m."position"`,
  similarOfMedia:
    `SELECT s."productId" AS "ownerId", ${part} FROM "MediaProduct" AS m ` +
    `JOIN "SimilarProduct" AS s ON s."productId" = m."productId" ` +
    `LEFT JOIN "ProductAnswer" AS a ON a."productId" = s."similarProductId" AND ${current} ` +
    `WHERE m."mediaId" = ? ORDER BY s."productId", s."position"`,
};

type Part = { productId: number | string; body: string; priceMinor: number; currency: string };

function complete(row: PartRow): row is Part {
  return row.productId !== null && row.body !== null && row.priceMinor !== null && row.currency !== null;
}

/** Adds the products of these texts to `reads` (they are all complete). */
function note(reads: Set<number>, rows: readonly PartRow[]): void {
  for (const row of rows) reads.add(Number(row.productId));
}

/** A product's text with `key` and its JSON value added last (a text is an object: it ends with `}`). */
function withKey(body: string, key: string, json: string): string {
  return `${body.slice(0, -1)},"${key}":${json}}`;
}

/** A product's text with its comparables (in order, each with its price tier against it). */
function comparable(product: Part, similar: readonly Part[]): string {
  const base = { minor: product.priceMinor, currency: product.currency };
  const parts = similar.map((other) =>
    withKey(other.body, 'price_tier', `"${priceTier(base, { minor: other.priceMinor, currency: other.currency })}"`),
  );
  return withKey(product.body, 'similar_products', `[${parts.join(',')}]`);
}

/** Reads of the stored texts: a product's answer, and the answers assembled from them (media, comparables). */
export class ProductAnswerRepository {
  /**
   * `maxText`: bytes of answer text one media, comparables or search answer may be made of
   * (ANSWER_MAX_BYTES).
   */
  constructor(
    private readonly reader: RowReader,
    private readonly maxText = Number.MAX_SAFE_INTEGER,
  ) {}

  /** ANSWER_TOO_LARGE when an answer would be made of more than maxText bytes of texts (counted before any is read). */
  private checkText(text: unknown): void {
    if (Number(text) > this.maxText) {
      throw new AppError(
        'ANSWER_TOO_LARGE',
        `The answer would be larger than ${this.maxText} bytes; ` +
          'ask for less (without comparables, or one product at a time)',
        { max_bytes: this.maxText },
      );
    }
  }

  /** GET /product/{id}; undefined when there is no text for it (no such product, or not written yet). */
  async product(id: number, reads: Set<number>): Promise<string | undefined> {
    const [row] = await this.reader.all<PartRow>(statements.product, [id]);
    if (!row || !complete(row)) return undefined;
    reads.add(id);
    return row.body;
  }

  /**
   * The answers of these products (GET /product/{id} each), in their order; undefined when one has
   * no text. ANSWER_TOO_LARGE past maxText bytes in all: their sizes are summed in the same
   * statement, which then reads no text.
   */
  async products(ids: readonly number[]): Promise<string[] | undefined> {
    if (ids.length === 0) return [];
    const list = ids.map(() => '?').join(', ');
    const text =
      `(SELECT COALESCE(SUM(octet_length(b."body")), 0) FROM "ProductAnswer" AS b ` +
      `WHERE b."productId" IN (${list}) AND b."format" = '${answerFormat}')`;
    const rows = await this.reader.all<PartRow & { text: number | string }>(
      `SELECT a."productId" AS "productId", CASE WHEN ${text} > ? THEN NULL ELSE a."body" END AS "body", ` +
        `a."priceMinor" AS "priceMinor", a."currency" AS "currency", ${text} AS "text" ` +
        `FROM "ProductAnswer" AS a WHERE a."productId" IN (${list}) AND ${current}`,
      [...ids, this.maxText, ...ids, ...ids],
    );
    if (rows[0]) this.checkText(rows[0].text);
    const byId = new Map(rows.filter(complete).map((row) => [Number(row.productId), row.body]));
    const texts = ids.map((id) => byId.get(id));
    return texts.every((text) => text !== undefined) ? (texts as string[]) : undefined;
  }

  /** GET /product/{id}/comparables. */
  async comparableProduct(id: number, reads: Set<number>): Promise<string | undefined> {
    const [row] = await this.reader.all<PartRow & { text: number | string }>(statements.productWithSimilarText, [id]);
    if (!row || !complete(row)) return undefined;
    this.checkText(row.text);
    const similar = await this.reader.all<PartRow>(statements.similarOfProduct, [id]);
    if (!similar.every(complete)) return undefined;
    note(reads, [row, ...similar]);
    return comparable(row, similar);
  }

  /** A media answer (`{"image_info": …, "products": […]}`), with comparables or not. */
  async media(
    kind: MediaKind,
    ref: { id: number } | { slug: string },
    withSimilar: boolean,
    reads: Set<number>,
  ): Promise<string | undefined> {
    const lookup = withSimilar ? mediaStatements.withSimilar : mediaStatements.plain;
    const [media] =
      'id' in ref
        ? await this.reader.all<RawRow>(lookup.byId, [ref.id, kind])
        : await this.reader.all<RawRow>(lookup.bySlug, [kind, ref.slug]);
    if (!media) return undefined;
    this.checkText(media.text);
    const record: MediaRecord = mediaTable.read(media);
    const products = await this.reader.all<OwnedPartRow>(statements.productsOfMedia, [record.id]);
    if (!products.every(complete)) return undefined;
    note(reads, products);
    let texts: string[];
    if (!withSimilar) texts = products.map((product) => product.body!);
    else {
      const similarOf = new Map<number, Part[]>();
      for (const row of await this.reader.all<OwnedPartRow>(statements.similarOfMedia, [record.id])) {
        if (!complete(row)) return undefined;
        reads.add(Number(row.productId));
        const list = similarOf.get(row.ownerId);
        if (list) list.push(row);
        else similarOf.set(row.ownerId, [row]);
      }
      texts = products.map((product) =>
        comparable(product as OwnedPartRow & Part, similarOf.get(product.ownerId) ?? []),
      );
    }
    return `{"${kind}_info":${JSON.stringify(mediaInfoView(record))},"products":[${texts.join(',')}]}`;
  }
}
