// The only discount code that talks to Prisma: the admin's discounts with their store, and what
// a cart's pricing reads of them (the discounts its codes name, the automatic ones of its stores,
// and the uses of its buyer).
import type { DbClient, Prisma } from '../db/database.js';
import { placeholders, timeParameter } from '../db/sql-executor.js';
import { sqlOf } from '../db/tx-sql.js';
import type { DiscountKind, DiscountRule } from '../domain/discounts.js';
import type { Discount, DiscountColumns } from './discount.model.js';

const discountColumns = {
  id: true,
  storeId: true,
  code: true,
  kind: true,
  percentPpm: true,
  amountMinor: true,
  minimumSubtotalMinor: true,
  startsAt: true,
  endsAt: true,
  usageLimit: true,
  perBuyerLimit: true,
  combinesWithOthers: true,
  enabled: true,
  timesUsed: true,
  createdAt: true,
  updatedAt: true,
  store: { select: { id: true, name: true, currency: true } },
} as const;

/** A discount's own columns, without its store's, as SQL. */
const ownColumnList = Object.keys(discountColumns)
  .filter((column) => column !== 'store')
  .map((column) => `"${column}"`)
  .join(', ');

type DiscountRow = Prisma.DiscountGetPayload<{ select: typeof discountColumns }>;

// `kind` is written only from DiscountKind values (discount.input.ts).
function toDiscount(row: DiscountRow): Discount {
  const { store, ...rest } = row;
  return {
    ...rest,
    kind: row.kind as DiscountKind,
    amountMinor: Number(row.amountMinor),
    minimumSubtotalMinor: row.minimumSubtotalMinor === null ? null : Number(row.minimumSubtotalMinor),
    store: store.name,
    currency: store.currency,
  };
}

export interface StoreRef {
  id: number;
  name: string;
  currency: string;
}

/** Discounts listed per page, at most. */
export const maxDiscountPage = 500;

export class DiscountRepository {
  /** The store named so (or with that id); several stores of one name: all of them. */
  async stores(tx: DbClient, nameOrId: string): Promise<StoreRef[]> {
    const id = /^[1-9][0-9]{0,9}$/.test(nameOrId) && Number(nameOrId) <= 2_147_483_647 ? Number(nameOrId) : null;
    return tx.store.findMany({
      where: { OR: [{ name: nameOrId }, ...(id === null ? [] : [{ id }])] },
      select: { id: true, name: true, currency: true },
      orderBy: { id: 'asc' },
    });
  }

  async create(tx: DbClient, storeId: number, columns: DiscountColumns): Promise<Discount> {
    return toDiscount(await tx.discount.create({ data: { storeId, ...columns }, select: discountColumns }));
  }

  async update(tx: DbClient, id: number, columns: DiscountColumns): Promise<Discount> {
    return toDiscount(await tx.discount.update({ where: { id }, data: columns, select: discountColumns }));
  }

  async get(tx: DbClient, id: number): Promise<Discount | null> {
    const row = await tx.discount.findUnique({ where: { id }, select: discountColumns });
    return row && toDiscount(row);
  }

  /** Oldest first, `after` the last id of the page before; of one store when `storeIds` is given. */
  async list(tx: DbClient, filter: { storeIds: number[] | null; after: number; first: number }): Promise<Discount[]> {
    const rows = await tx.discount.findMany({
      where: { id: { gt: filter.after }, ...(filter.storeIds === null ? {} : { storeId: { in: filter.storeIds } }) },
      select: discountColumns,
      orderBy: { id: 'asc' },
      take: filter.first,
    });
    return rows.map(toDiscount);
  }

  /** Whether another discount of the store has this code (in lower case). */
  async codeTaken(tx: DbClient, storeId: number, codeKey: string, except: number | null): Promise<boolean> {
    const row = await tx.discount.findFirst({
      where: { storeId, codeKey, ...(except === null ? {} : { id: { not: except } }) },
      select: { id: true },
    });
    return row !== null;
  }

  /**
   * What a cart's pricing reads: the discounts of any store whose code is one of `codeKeys`, and
   * the automatic ones of `storeIds`; with the uses of the buyer (by email, lower case) of each.
   */
  async forCart(
    tx: DbClient,
    codeKeys: string[],
    storeIds: number[],
    buyerEmail: string | null,
  ): Promise<{ discounts: (DiscountRule & { store: string })[]; usesByBuyer: Map<number, number> }> {
    if (codeKeys.length === 0 && storeIds.length === 0) return { discounts: [], usesByBuyer: new Map() };
    // The writes' own SQL (db/tx-sql.ts): every cart write prices its cart. Most carts have no
    // discount: one plain statement; the stores and the buyer's uses only when there are some.
    const sql = sqlOf(tx);
    const rows = await sql.all<Omit<DiscountRow, 'store'>>(
      `SELECT ${ownColumnList} FROM "Discount" WHERE ${[
        ...(codeKeys.length > 0 ? [`"codeKey" IN (${placeholders(codeKeys.length)})`] : []),
        ...(storeIds.length > 0 ? [`("codeKey" IS NULL AND "storeId" IN (${placeholders(storeIds.length)}))`] : []),
      ].join(' OR ')} ORDER BY "id"`,
      [...codeKeys, ...storeIds],
    );
    if (rows.length === 0) return { discounts: [], usesByBuyer: new Map() };
    const storeIdsOfRows = [...new Set(rows.map((row) => row.storeId))];
    const stores = await sql.all<StoreRef>(
      `SELECT "id", "name", "currency" FROM "Store" WHERE "id" IN (${placeholders(storeIdsOfRows.length)})`,
      storeIdsOfRows,
    );
    const storeOf = new Map(stores.map((store) => [store.id, store]));
    const discounts = rows.map((row) => toDiscount({ ...row, store: storeOf.get(row.storeId)! }));
    const limited = discounts.filter((discount) => discount.perBuyerLimit !== null).map((discount) => discount.id);
    const usesByBuyer = new Map<number, number>();
    if (buyerEmail !== null && limited.length > 0) {
      const uses = await sql.all<{ discountId: number; uses: number | bigint }>(
        `SELECT "discountId", COUNT(*) AS "uses" FROM "DiscountUse"
        WHERE "discountId" IN (${placeholders(limited.length)}) AND "buyerEmail" = ? GROUP BY "discountId"`,
        [...limited, buyerEmail],
      );
      for (const use of uses) usesByBuyer.set(use.discountId, Number(use.uses));
    }
    return { discounts, usesByBuyer };
  }

  /**
   * Counts one use of the discount by an order, if it has uses left: a conditional UPDATE, so that
   * of concurrent submits (which queue on the row's lock) no more succeed than the limit allows.
   * Then, with the row locked, the buyer's uses. False: none left (for all, or for this buyer).
   */
  async use(
    tx: DbClient,
    rule: DiscountRule,
    use: { orderId: string; buyerEmail: string | null; amountMinor: number },
  ): Promise<'used' | 'DISCOUNT_USAGE_LIMIT_REACHED' | 'DISCOUNT_BUYER_LIMIT_REACHED'> {
    const sql = sqlOf(tx);
    const time = timeParameter(sql.dialect);
    const now = new Date();
    const counted = await sql.run(
      `UPDATE "Discount" SET "timesUsed" = "timesUsed" + 1, "updatedAt" = ${time}
      WHERE "id" = ? AND ("usageLimit" IS NULL OR "timesUsed" < "usageLimit")`,
      [now, rule.id],
    );
    if (counted === 0) return 'DISCOUNT_USAGE_LIMIT_REACHED';
    if (rule.perBuyerLimit !== null && use.buyerEmail !== null) {
      const [before] = await sql.all<{ uses: number | bigint }>(
        `SELECT COUNT(*) AS "uses" FROM "DiscountUse" WHERE "discountId" = ? AND "buyerEmail" = ?`,
        [rule.id, use.buyerEmail],
      );
      if (Number(before!.uses) >= rule.perBuyerLimit) return 'DISCOUNT_BUYER_LIMIT_REACHED';
    }
    await sql.later(
      `INSERT INTO "DiscountUse" ("discountId", "orderId", "buyerEmail", "amountMinor", "createdAt")
      VALUES (?, ?, ?, ?, ${time})`,
      [rule.id, use.orderId, use.buyerEmail, use.amountMinor, now],
    );
    return 'used';
  }

  /** Gives back the uses of an order that will not be fulfilled (cancelled or failed): once, its use rows go. */
  async giveBack(tx: DbClient, orderId: string): Promise<void> {
    const sql = sqlOf(tx);
    const uses = await sql.all<{ discountId: number }>(`SELECT "discountId" FROM "DiscountUse" WHERE "orderId" = ?`, [
      orderId,
    ]);
    if (uses.length === 0) return;
    await sql.later(`DELETE FROM "DiscountUse" WHERE "orderId" = ?`, [orderId]);
    const now = new Date();
    for (const { discountId } of uses)
      await sql.later(
        `UPDATE "Discount" SET "timesUsed" = "timesUsed" - 1, "updatedAt" = ${timeParameter(sql.dialect)}
        WHERE "id" = ? AND "timesUsed" > 0`,
        [now, discountId],
      );
  }
}
