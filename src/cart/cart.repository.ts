// The only cart code that talks to the database, with cart-read.repository.ts (the cart's reads). Every
// method takes the transaction client of the write it is part of; `lock` is the first statement
// of every cart write.
import type { DbClient } from '../db/database.js';
import { buyerIdentityFields, type BuyerIdentity } from '../domain/buyer-identity.js';
import type { Cart } from './cart.model.js';
import { unitPriceMinor, type CartSku } from './cart.sku.js';
import type { Attribution, StoredCart, StoredEntry, StoredLine } from './cart.stored.js';
import { readCartSkus, readStoreConfigs, readStoredCart } from './cart-read.repository.js';
import { placeholders, timeParameter } from '../db/sql-executor.js';
import { jsonParameter, sqlOf } from '../db/tx-sql.js';

export type { CartSku } from './cart.sku.js';
export type { Attribution, StoreConfig, StoredCart, StoredEntry, StoredLine } from './cart.stored.js';

export interface LineWrite {
  skuId: number;
  storeId: number;
  quantity: number;
  sku: CartSku;
  /** The request's media for the line: given to a new line, or to one that has none yet. */
  attribution?: Attribution | null;
}

export class CartRepository {
  /**
   * Takes the cart's write lock for the rest of the transaction: an UPDATE holds the row lock on
   * PostgreSQL and the database write lock on SQLite, so concurrent writers of one cart queue
   * here and each reads what the previous one committed. False when there is no such cart.
   */
  async lock(tx: DbClient, cartId: string, expiredBefore: Date): Promise<'locked' | 'expired' | 'missing'> {
    // A cart unchanged since `expiredBefore` and not submitted has expired: it is not locked (the
    // lock would count as a change).
    const count = await sqlOf(tx).run(
      `UPDATE "Cart" SET "version" = "version" + 1, "updatedAt" = ?
      WHERE "id" = ? AND ("updatedAt" >= ?
        OR EXISTS (SELECT 1 FROM "CartStore" s WHERE s."cartId" = "Cart"."id" AND s."isSubmitted" = ?))`,
      [new Date(), cartId, expiredBefore, true],
    );
    if (count === 1) return 'locked';
    const found = await sqlOf(tx).all<{ id: string }>(`SELECT "id" FROM "Cart" WHERE "id" = ?`, [cartId]);
    return found.length === 1 ? 'expired' : 'missing';
  }

  async create(tx: DbClient, cartId: string): Promise<Date> {
    const sql = sqlOf(tx);
    const now = new Date();
    const time = timeParameter(sql.dialect);
    await sql.later(`INSERT INTO "Cart" ("id", "version", "createdAt", "updatedAt") VALUES (?, 0, ${time}, ${time})`, [
      cartId,
      now,
      now,
    ]);
    return now;
  }

  async saveSnapshot(tx: DbClient, cartId: string, snapshot: Cart): Promise<void> {
    const sql = sqlOf(tx);
    await sql.later(
      `UPDATE "Cart" SET "snapshot" = ${jsonParameter(sql.dialect)}, "updatedAt" = ${timeParameter(sql.dialect)}
      WHERE "id" = ?`,
      [JSON.stringify(snapshot), new Date(), cartId],
    );
  }

  /** The cart with everything pricing needs (cart-read.repository.ts); null when there is no such cart. */
  load(tx: DbClient, cartId: string): Promise<StoredCart | null> {
    return readStoredCart(tx, cartId);
  }

  async skusByIds(tx: DbClient, ids: number[]): Promise<CartSku[]> {
    return readCartSkus(tx, 'ids', [...new Set(ids)]);
  }

  /** Listed SKUs of the products, for items that name only a product. */
  async skusOfProducts(tx: DbClient, productIds: number[]): Promise<CartSku[]> {
    return readCartSkus(tx, 'products', [...new Set(productIds)]);
  }

  async productIdsThatExist(tx: DbClient, ids: number[]): Promise<Set<number>> {
    const unique = [...new Set(ids)];
    const rows = await sqlOf(tx).all<{ id: number }>(
      `SELECT "id" FROM "Product" WHERE "id" IN (${placeholders(unique.length)})`,
      unique,
    );
    return new Set(rows.map((row) => Number(row.id)));
  }

  /**
   * Makes the cart's lines exactly `lines` (in the given order for new ones): updates changed
   * quantities, adds new lines and store entries at the end, removes the rest. Answers the cart
   * as it now is, without reading it again.
   */
  async writeLines(tx: DbClient, cart: StoredCart, lines: LineWrite[], currency: string | null): Promise<StoredCart> {
    const stored = await this.writeLineRows(tx, cart, lines);
    const entries = await this.writeEntries(tx, cart, [...new Set(stored.map((line) => line.storeId))]);
    if (currency !== cart.currency) {
      const sql = sqlOf(tx);
      await sql.later(`UPDATE "Cart" SET "currency" = ?, "updatedAt" = ${timeParameter(sql.dialect)} WHERE "id" = ?`, [
        currency,
        new Date(),
        cart.id,
      ]);
    }
    return { ...cart, currency, lines: stored, entries };
  }

  /** The line rows of writeLines: the cart's lines as they now are, in their order. */
  private async writeLineRows(tx: DbClient, cart: StoredCart, lines: LineWrite[]): Promise<StoredLine[]> {
    const before = new Map(cart.lines.map((line) => [line.skuId, line]));
    const after = new Set(lines.map((line) => line.skuId));
    const removed = cart.lines.filter((line) => !after.has(line.skuId)).map((line) => line.skuId);
    if (removed.length > 0)
      await sqlOf(tx).later(
        `DELETE FROM "CartLine" WHERE "cartId" = ? AND "skuId" IN (${placeholders(removed.length)})`,
        [cart.id, ...removed],
      );
    let position = cart.lines.reduce((max, line) => Math.max(max, line.position), -1);
    const stored: StoredLine[] = [];
    for (const line of lines) {
      const existing = before.get(line.skuId);
      const attribution = line.attribution ?? null;
      if (!existing) {
        position += 1;
        const seenUnitPriceMinor = unitPriceMinor(line.sku);
        const { skuId, storeId, quantity, sku } = line;
        const sql = sqlOf(tx);
        await sql.later(
          `INSERT INTO "CartLine" ("cartId", "skuId", "storeId", "quantity", "position", "seenUnitPriceMinor",
            "mediaId", "placementId", "attributedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ${timeParameter(sql.dialect)})`,
          [
            cart.id,
            skuId,
            storeId,
            quantity,
            position,
            seenUnitPriceMinor,
            attribution?.mediaId ?? null,
            attribution?.placementId ?? null,
            attribution?.attributedAt ?? null,
          ],
        );
        const media = { mediaId: attribution?.mediaId ?? null, placementId: attribution?.placementId ?? null };
        stored.push({ skuId, storeId, quantity, position, ...media, seenUnitPriceMinor, sku });
      } else {
        // A line keeps the first media item it was given; one without takes the request's.
        const gains = existing.mediaId === null && attribution !== null;
        // A new quantity is the buyer's look at the line: its price is the one seen now.
        const seen = existing.quantity !== line.quantity ? { seenUnitPriceMinor: unitPriceMinor(line.sku) } : {};
        if (existing.quantity !== line.quantity || gains)
          await this.updateLine(tx, cart.id, line, seen.seenUnitPriceMinor, gains ? attribution : null);
        stored.push({
          ...existing,
          quantity: line.quantity,
          ...seen,
          ...(gains ? { mediaId: attribution.mediaId, placementId: attribution.placementId } : {}),
        });
      }
    }
    return stored.sort((a, b) => a.position - b.position);
  }

  /** A line's new quantity (and the price seen with it), and the media it gains when it had none. */
  private async updateLine(
    tx: DbClient,
    cartId: string,
    line: LineWrite,
    seenUnitPriceMinor: number | null | undefined,
    gained: Attribution | null,
  ): Promise<void> {
    const sql = sqlOf(tx);
    const set: [string, string | number | Date | null][] = [['"quantity" = ?', line.quantity]];
    if (seenUnitPriceMinor !== undefined) set.push(['"seenUnitPriceMinor" = ?', seenUnitPriceMinor]);
    if (gained)
      set.push(
        ['"mediaId" = ?', gained.mediaId],
        ['"placementId" = ?', gained.placementId],
        [`"attributedAt" = ${timeParameter(sql.dialect)}`, gained.attributedAt],
      );
    await sql.later(
      `UPDATE "CartLine" SET ${set.map(([column]) => column).join(', ')} WHERE "cartId" = ? AND "skuId" = ?`,
      [...set.map(([, value]) => value), cartId, line.skuId],
    );
  }

  /**
   * The store entries of writeLines: one per store of `storesAfter`, new ones at the end with their
   * store's configuration, the rest removed.
   */
  private async writeEntries(tx: DbClient, cart: StoredCart, storesAfter: number[]): Promise<StoredEntry[]> {
    const gone = cart.entries.filter((entry) => !storesAfter.includes(entry.storeId)).map((entry) => entry.storeId);
    if (gone.length > 0)
      await sqlOf(tx).later(
        `DELETE FROM "CartStore" WHERE "cartId" = ? AND "storeId" IN (${placeholders(gone.length)})`,
        [cart.id, ...gone],
      );
    const entries = cart.entries.filter((entry) => storesAfter.includes(entry.storeId));
    const added = storesAfter.filter((storeId) => !entries.some((entry) => entry.storeId === storeId));
    if (added.length === 0) return entries;
    const configs = new Map((await readStoreConfigs(tx, added)).map((config) => [config.id, config]));
    let entryPosition = cart.entries.reduce((max, entry) => Math.max(max, entry.position), -1);
    for (const storeId of added) {
      const store = configs.get(storeId);
      if (!store) throw new Error(`store ${storeId} of a cart line does not exist`);
      entryPosition += 1;
      await sqlOf(tx).later(
        `INSERT INTO "CartStore" ("cartId", "storeId", "position", "isSubmitted") VALUES (?, ?, ?, ?)`,
        [cart.id, storeId, entryPosition, false],
      );
      entries.push({
        storeId,
        position: entryPosition,
        selectedShippingMethodId: null,
        isSubmitted: false,
        requestId: null,
        store,
      });
    }
    return entries;
  }

  /** The products each of these media items shows. */
  async productsOfMedia(tx: DbClient, mediaIds: number[]): Promise<Map<number, Set<number>>> {
    const unique = [...new Set(mediaIds)];
    if (unique.length === 0) return new Map();
    const rows = await sqlOf(tx).all<{ mediaId: number; productId: number }>(
      `SELECT "mediaId", "productId" FROM "MediaProduct" WHERE "mediaId" IN (${placeholders(unique.length)})`,
      unique,
    );
    const shown = new Map<number, Set<number>>();
    for (const row of rows) shown.set(row.mediaId, (shown.get(row.mediaId) ?? new Set()).add(row.productId));
    return shown;
  }

  /** The product each of these placements (media id, position) places, by `<media id>:<position>`. */
  async productsOfPlacements(
    tx: DbClient,
    keys: { mediaId: number; position: number }[],
  ): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await sqlOf(tx).all<{ mediaId: number; position: number; productId: number }>(
      `SELECT "mediaId", "position", "productId" FROM "MediaPlacement"
      WHERE ${keys.map(() => '("mediaId" = ? AND "position" = ?)').join(' OR ')}`,
      keys.flatMap((key) => [key.mediaId, key.position]),
    );
    return new Map(rows.map((row) => [`${row.mediaId}:${row.position}`, row.productId]));
  }

  /** Makes the cart's discount codes exactly `codes`, in this order. */
  async writeDiscountCodes(tx: DbClient, cartId: string, codes: readonly string[]): Promise<void> {
    const sql = sqlOf(tx);
    await sql.run(`DELETE FROM "CartDiscountCode" WHERE "cartId" = ?`, [cartId]);
    if (codes.length > 0)
      await sql.run(
        `INSERT INTO "CartDiscountCode" ("cartId", "position", "code")
        VALUES ${codes.map(() => '(?, ?, ?)').join(', ')}`,
        codes.flatMap((code, position) => [cartId, position, code]),
      );
  }

  async writeIdentity(tx: DbClient, cartId: string, changes: Partial<BuyerIdentity>): Promise<void> {
    // Only the identity's own columns, whatever else `changes` holds.
    const columns = buyerIdentityFields.filter((field) => changes[field] !== undefined);
    const values = columns.map((field) => changes[field] ?? null);
    await sqlOf(tx).later(
      `INSERT INTO "BuyerIdentity" ("cartId"${columns.map((field) => `, "${field}"`).join('')})
      VALUES (?${', ?'.repeat(columns.length)}) ON CONFLICT ("cartId") DO ${
        columns.length === 0
          ? 'NOTHING'
          : `UPDATE SET ${columns.map((field) => `"${field}" = excluded."${field}"`).join(', ')}`
      }`,
      [cartId, ...values],
    );
  }

  async selectShippingMethod(tx: DbClient, cartId: string, storeId: number, code: string): Promise<void> {
    const changed = await sqlOf(tx).run(
      `UPDATE "CartStore" SET "selectedShippingMethodId" = ? WHERE "cartId" = ? AND "storeId" = ?`,
      [code, cartId, storeId],
    );
    if (changed !== 1) throw new Error(`cart ${cartId} has no entry of store ${storeId}`);
  }

  /** Marks a store's entry submitted by this request. */
  async markSubmitted(tx: DbClient, cartId: string, storeId: number, requestId: string, at: Date): Promise<void> {
    const sql = sqlOf(tx);
    await sql.later(
      `UPDATE "CartStore" SET "isSubmitted" = ?, "requestId" = ?, "submittedAt" = ${timeParameter(sql.dialect)}
      WHERE "cartId" = ? AND "storeId" = ?`,
      [true, requestId, at, cartId, storeId],
    );
  }

  /** Up to `take` carts untouched since `before` that nothing was submitted from (the sweeper's). */
  async expiredIds(db: DbClient, before: Date, take: number): Promise<string[]> {
    const rows = await db.cart.findMany({
      where: { updatedAt: { lt: before }, stores: { none: { isSubmitted: true } }, orders: { none: {} } },
      select: { id: true },
      take,
    });
    return rows.map((row) => row.id);
  }

  /** Deletes these carts if they are still expired and orderless (a cart written meanwhile stays). */
  async deleteExpired(tx: DbClient, ids: readonly string[], before: Date): Promise<number> {
    const { count } = await tx.cart.deleteMany({
      where: { id: { in: [...ids] }, updatedAt: { lt: before }, orders: { none: {} } },
    });
    return count;
  }
}
