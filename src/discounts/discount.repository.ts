// The only discount code that talks to Prisma: the admin's discounts with their store, and what
// a cart's pricing reads of them (the discounts its codes name, the automatic ones of its stores,
// and the uses of its buyer).
import type { DbClient, Prisma } from '../db/database.js';
import { placeholders } from '../db/sql-executor.js';
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

/** A discount's own columns, without its store's. */
const { store: _store, ...ownColumns } = discountColumns;

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
    // Which there are first, in SQL (most carts have none: one plain statement); their rows then.
    const found = await sqlOf(tx).all<{ id: number }>(
      `SELECT "id" FROM "Discount" WHERE ${[
        ...(codeKeys.length > 0 ? [`"codeKey" IN (${placeholders(codeKeys.length)})`] : []),
        ...(storeIds.length > 0 ? [`("codeKey" IS NULL AND "storeId" IN (${placeholders(storeIds.length)}))`] : []),
      ].join(' OR ')}`,
      [...codeKeys, ...storeIds],
    );
    if (found.length === 0) return { discounts: [], usesByBuyer: new Map() };
    const rows = await tx.discount.findMany({
      where: { id: { in: found.map((row) => row.id) } },
      select: ownColumns,
      orderBy: { id: 'asc' },
    });
    // Their stores read only when there are discounts (a nested select reads them for none too:
    // one statement more in each cart write, most carts having no discount).
    const stores = await tx.store.findMany({
      where: { id: { in: [...new Set(rows.map((row) => row.storeId))] } },
      select: discountColumns.store.select,
    });
    const storeOf = new Map(stores.map((store) => [store.id, store]));
    const discounts = rows.map((row) => toDiscount({ ...row, store: storeOf.get(row.storeId)! }));
    const limited = discounts.filter((discount) => discount.perBuyerLimit !== null).map((discount) => discount.id);
    const usesByBuyer = new Map<number, number>();
    if (buyerEmail !== null && limited.length > 0) {
      const uses = await tx.discountUse.groupBy({
        by: ['discountId'],
        where: { discountId: { in: limited }, buyerEmail },
        _count: { _all: true },
      });
      for (const use of uses) usesByBuyer.set(use.discountId, use._count._all);
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
    const { count } = await tx.discount.updateMany({
      where: { id: rule.id, OR: [{ usageLimit: null }, { timesUsed: { lt: tx.discount.fields.usageLimit } }] },
      data: { timesUsed: { increment: 1 } },
    });
    if (count === 0) return 'DISCOUNT_USAGE_LIMIT_REACHED';
    if (rule.perBuyerLimit !== null && use.buyerEmail !== null) {
      const before = await tx.discountUse.count({ where: { discountId: rule.id, buyerEmail: use.buyerEmail } });
      if (before >= rule.perBuyerLimit) return 'DISCOUNT_BUYER_LIMIT_REACHED';
    }
    await tx.discountUse.create({
      data: {
        discountId: rule.id,
        orderId: use.orderId,
        buyerEmail: use.buyerEmail,
        amountMinor: BigInt(use.amountMinor),
      },
    });
    return 'used';
  }

  /** Gives back the uses of an order that will not be fulfilled (cancelled or failed): once, its use rows go. */
  async giveBack(tx: DbClient, orderId: string): Promise<void> {
    const uses = await tx.discountUse.findMany({ where: { orderId }, select: { discountId: true } });
    if (uses.length === 0) return;
    await tx.discountUse.deleteMany({ where: { orderId } });
    for (const { discountId } of uses)
      await tx.discount.updateMany({
        where: { id: discountId, timesUsed: { gt: 0 } },
        data: { timesUsed: { decrement: 1 } },
      });
  }
}
