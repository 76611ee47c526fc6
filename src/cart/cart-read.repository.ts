// The cart's reads in the write's transaction, as its own SQL (db/tx-sql.ts): the cart's load in
// six statements (the ORM's nested read of the same took eleven, each dearer; a cart is loaded
// twice an order), a new line's SKUs, a new entry's stores. test/cart/cart-load.test.ts holds the
// load to the nested read, field for field, on both engines.
import type { DbClient, Prisma } from '../db/database.js';
import { placeholders } from '../db/sql-executor.js';
import { sqlOf } from '../db/tx-sql.js';
import type { TxSql } from '../db/sql-statement.js';
import { buyerIdentityFields, emptyBuyerIdentity, type BuyerIdentity } from '../domain/buyer-identity.js';
import type { Cart } from './cart.model.js';
import type { CartSku } from './cart.sku.js';
import type { StoreConfig, StoredCart, StoredLine } from './cart.stored.js';

// The rows of load's statements, as the ORM answers SQL on either engine: each value typed by its
// column's declared type (booleans, dates and JSON included; test/cart/cart-load.test.ts).
interface CartRow extends Record<keyof BuyerIdentity, string | null> {
  id: string;
  currency: string | null;
  updatedAt: Date;
  snapshot: Prisma.JsonValue;
  /** The identity's key: null when the cart has none yet. */
  identityOf: string | null;
  /** Its discount codes in order: a JSON array (its text on SQLite). */
  codes: string | string[];
}

interface EntryRow {
  storeId: number;
  position: number;
  selectedShippingMethodId: string | null;
  isSubmitted: boolean;
  requestId: string | null;
  name: string;
  displayName: string;
  marketplace: string;
  currency: string;
  marginRatePpm: number;
}

/** A line, its SKU's columns, its product's and its store's, side by side. */
type LineRow = Omit<StoredLine, 'sku'> &
  Omit<CartSku, 'id' | 'product' | 'store'> &
  Omit<CartSku['product'], 'id'> &
  CartSku['store'];

function identityOf(row: CartRow): BuyerIdentity {
  return Object.fromEntries(buyerIdentityFields.map((field) => [field, row[field]])) as BuyerIdentity;
}

/** A SKU's columns, its product's and its store's, side by side (the line statement's and the SKU reads'). */
const skuColumns = `k."productId", k."merchantId", k."name", k."currency", k."salePriceMinor",
      k."retailPriceMinor", k."taxable", k."listed", k."inStock", k."status", k."qtyAvailable",
      k."variantValues", p."title", p."description", p."isAvailable", m."marketplace"`;
const skuJoins = `JOIN "Product" p ON p."id" = k."productId" JOIN "Store" m ON m."id" = k."merchantId"`;

type SkuRow = Omit<LineRow, keyof Omit<StoredLine, 'sku' | 'skuId'>>;

/** The SKU of a row of skuColumns, as the ORM's nested select (cart.sku.ts) reads it. */
function cartSkuOf(row: SkuRow): CartSku {
  return {
    id: row.skuId,
    productId: row.productId,
    merchantId: row.merchantId,
    name: row.name,
    currency: row.currency,
    salePriceMinor: row.salePriceMinor,
    retailPriceMinor: row.retailPriceMinor,
    taxable: row.taxable,
    listed: row.listed,
    inStock: row.inStock,
    status: row.status,
    qtyAvailable: row.qtyAvailable,
    variantValues: row.variantValues,
    product: { id: row.productId, title: row.title, description: row.description, isAvailable: row.isAvailable },
    store: { marketplace: row.marketplace },
  };
}

function storedLine(row: LineRow): StoredLine {
  return {
    skuId: row.skuId,
    storeId: row.storeId,
    quantity: row.quantity,
    position: row.position,
    mediaId: row.mediaId,
    placementId: row.placementId,
    seenUnitPriceMinor: row.seenUnitPriceMinor,
    sku: cartSkuOf(row),
  };
}

/** Listed SKUs by id, or (`of: 'products'`) the listed SKUs of these products in their order. */
export async function readCartSkus(tx: DbClient, of: 'ids' | 'products', ids: readonly number[]): Promise<CartSku[]> {
  if (ids.length === 0) return [];
  const rows = await sqlOf(tx).all<SkuRow>(
    `SELECT k."id" AS "skuId", ${skuColumns} FROM "Sku" k ${skuJoins}
    WHERE k."${of === 'ids' ? 'id' : 'productId'}" IN (${placeholders(ids.length)}) AND k."listed" = ?
    ORDER BY ${of === 'ids' ? 'k."id"' : 'k."position"'}`,
    [...ids, true],
  );
  return rows.map(cartSkuOf);
}

/** The stores with their shipping methods and tax rates, in id order (those that exist). */
export async function readStoreConfigs(tx: DbClient, storeIds: readonly number[]): Promise<StoreConfig[]> {
  if (storeIds.length === 0) return [];
  const sql = sqlOf(tx);
  const list = `(${placeholders(storeIds.length)})`;
  // Begun together: on PostgreSQL they leave in one write (db/pg-pipeline.ts).
  const [stores, terms] = await Promise.all([
    sql.all<Omit<StoreConfig, 'shippingMethods' | 'taxRates'>>(
      `SELECT "id", "name", "displayName", "marketplace", "currency", "marginRatePpm" FROM "Store"
      WHERE "id" IN ${list} ORDER BY "id"`,
      storeIds,
    ),
    storeTerms(sql, list, storeIds),
  ]);
  return stores.map((store) => ({
    ...store,
    shippingMethods: terms.shipping.get(store.id) ?? [],
    taxRates: terms.taxes.get(store.id) ?? [],
  }));
}

/** The cart with everything pricing needs; null when there is no such cart. */
export async function readStoredCart(tx: DbClient, cartId: string): Promise<StoredCart | null> {
  const sql = sqlOf(tx);
  // The codes in the cart's row, as one JSON array (an empty one for none).
  const codesOf =
    sql.dialect === 'postgresql'
      ? `(SELECT COALESCE(json_agg(d."code" ORDER BY d."position"), '[]') FROM "CartDiscountCode" d
        WHERE d."cartId" = c."id")`
      : `(SELECT json_group_array(d."code" ORDER BY d."position") FROM "CartDiscountCode" d
        WHERE d."cartId" = c."id")`;
  // Four statements begun together: on PostgreSQL they leave in one write (db/pg-pipeline.ts).
  const [[cart], entries, stores, lines] = await Promise.all([
    sql.all<CartRow>(
      `
    SELECT c."id", c."currency", c."updatedAt", c."snapshot", b."cartId" AS "identityOf", b."firstName",
      b."lastName", b."address1", b."address2", b."city", b."provinceCode", b."countryCode",
      b."postalCode", b."email", b."phone", ${codesOf} AS "codes"
    FROM "Cart" c LEFT JOIN "BuyerIdentity" b ON b."cartId" = c."id"
    WHERE c."id" = ?`,
      [cartId],
    ),
    sql.all<EntryRow>(
      `
    SELECT e."storeId", e."position", e."selectedShippingMethodId", e."isSubmitted", e."requestId",
      s."name", s."displayName", s."marketplace", s."currency", s."marginRatePpm"
    FROM "CartStore" e JOIN "Store" s ON s."id" = e."storeId"
    WHERE e."cartId" = ? ORDER BY e."position"`,
      [cartId],
    ),
    storeTerms(sql, `(SELECT "storeId" FROM "CartStore" WHERE "cartId" = ?)`, [cartId]),
    sql.all<LineRow>(
      `
    SELECT l."skuId", l."storeId", l."quantity", l."position", l."mediaId", l."placementId",
      l."seenUnitPriceMinor", ${skuColumns}
    FROM "CartLine" l JOIN "Sku" k ON k."id" = l."skuId" ${skuJoins}
    WHERE l."cartId" = ? ORDER BY l."position"`,
      [cartId],
    ),
  ]);
  if (!cart) return null;
  const codes = typeof cart.codes === 'string' ? (JSON.parse(cart.codes) as string[]) : cart.codes;
  return {
    id: cart.id,
    currency: cart.currency,
    updatedAt: cart.updatedAt,
    snapshot: cart.snapshot as unknown as Cart | null,
    identity: cart.identityOf === null ? { ...emptyBuyerIdentity } : identityOf(cart),
    entries: entries.map((entry) => ({
      storeId: entry.storeId,
      position: entry.position,
      selectedShippingMethodId: entry.selectedShippingMethodId,
      isSubmitted: entry.isSubmitted,
      requestId: entry.requestId,
      store: {
        id: entry.storeId,
        name: entry.name,
        displayName: entry.displayName,
        marketplace: entry.marketplace,
        currency: entry.currency,
        marginRatePpm: entry.marginRatePpm,
        shippingMethods: stores.shipping.get(entry.storeId) ?? [],
        taxRates: stores.taxes.get(entry.storeId) ?? [],
      },
    })),
    lines: lines.map(storedLine),
    discountCodes: codes,
  };
}

/** Rows by their store, each without its store id, in the order read. */
function byStore<Row extends { storeId: number }>(rows: Row[]): Map<number, Omit<Row, 'storeId'>[]> {
  const groups = new Map<number, Omit<Row, 'storeId'>[]>();
  for (const { storeId, ...rest } of rows) {
    const group = groups.get(storeId);
    if (group) group.push(rest);
    else groups.set(storeId, [rest]);
  }
  return groups;
}

/** The shipping methods and tax rates of the stores `among` names (a list or a subquery), by store, in order. */
async function storeTerms(
  sql: TxSql,
  among: string,
  params: readonly (string | number)[],
): Promise<{
  shipping: Map<number, StoreConfig['shippingMethods']>;
  taxes: Map<number, StoreConfig['taxRates']>;
}> {
  // One statement for both: a row is a shipping method (kind 0: code, label, price) or a tax rate
  // (kind 1: country, province, rate).
  const rows = await sql.all<{
    kind: number;
    storeId: number;
    first: string | null;
    second: string | null;
    amount: number;
  }>(
    `SELECT 0 AS "kind", m."storeId", m."position", m."code" AS "first", m."label" AS "second",
      m."priceMinor" AS "amount" FROM "ShippingMethod" m WHERE m."storeId" IN ${among}
    UNION ALL
    SELECT 1, t."storeId", t."position", t."countryCode", t."provinceCode", t."ratePpm"
      FROM "TaxRate" t WHERE t."storeId" IN ${among}
    ORDER BY "kind", "storeId", "position"`,
    [...params, ...params],
  );
  const methods: (StoreConfig['shippingMethods'][number] & { storeId: number })[] = [];
  const rates: (StoreConfig['taxRates'][number] & { storeId: number })[] = [];
  for (const { kind, storeId, first, second, amount } of rows) {
    if (Number(kind) === 0) methods.push({ storeId, code: first!, label: second!, priceMinor: amount });
    else rates.push({ storeId, countryCode: first, provinceCode: second, ratePpm: amount });
  }
  return { shipping: byStore(methods), taxes: byStore(rates) };
}
