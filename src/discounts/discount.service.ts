// The admin API of discounts, the same for REST and GraphQL: create, change, list and read a
// store's discounts. A code is unique per store whatever its case. Orders keep the discounts as
// they were at submit: changing one changes carts, never orders.
import type { Db, DbClient } from '../db/database.js';
import { inTransaction, isUniqueViolation } from '../db/transaction.js';
import { AppError } from '../errors.js';
import { toMajor } from '../domain/money.js';
import { discountColumns, discountValue } from './discount.input.js';
import { maxDiscountPage, type DiscountRepository, type StoreRef } from './discount.repository.js';
import type { Discount, DiscountColumns, DiscountInput, DiscountPatch } from './discount.model.js';

export const defaultDiscountPage = 100;

function discountNotFound(id: string): AppError {
  return new AppError('DISCOUNT_NOT_FOUND', `No discount with id ${id.slice(0, 64)}`, { id: id.slice(0, 64) });
}

/** A discount id: a positive integer, else no discount has it. */
function discountId(id: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

function codeTaken(code: string, store: string): AppError {
  return new AppError(
    'DISCOUNT_CODE_TAKEN',
    `Store ${store} already has a discount with the code ${code} (codes are matched without case)`,
    { code, store },
  );
}

/** The input a stored discount would be created from: what a patch is laid over. */
function inputOf(discount: Discount): Omit<DiscountInput, 'store'> & { kind: string } {
  return {
    code: discount.code,
    kind: discount.kind,
    value: discountValue(discount),
    minimumSubtotal:
      discount.minimumSubtotalMinor === null ? null : toMajor(discount.minimumSubtotalMinor, discount.currency),
    startsAt: discount.startsAt?.toISOString() ?? null,
    endsAt: discount.endsAt?.toISOString() ?? null,
    usageLimit: discount.usageLimit,
    perBuyerLimit: discount.perBuyerLimit,
    combinesWithOthers: discount.combinesWithOthers,
    enabled: discount.enabled,
  };
}

export class DiscountService {
  constructor(
    private readonly db: Db,
    private readonly repository: DiscountRepository,
  ) {}

  async create(input: DiscountInput): Promise<Discount> {
    return inTransaction(this.db, async (tx) => {
      const store = await this.store(tx, input.store);
      const columns = discountColumns(input, store.currency);
      await this.checkCodeFree(tx, store, columns, null);
      return this.writing(columns, store, () => this.repository.create(tx, store.id, columns));
    });
  }

  async update(id: string, patch: DiscountPatch): Promise<Discount> {
    return inTransaction(this.db, async (tx) => {
      const current = await this.getIn(tx, id);
      const base = inputOf(current);
      // A new kind without a value of its own starts without one (a percent is not an amount).
      const merged = {
        ...base,
        ...(patch.kind !== undefined && patch.kind !== current.kind && patch.value === undefined
          ? { value: null }
          : {}),
        ...definedOf(patch),
      };
      const columns = discountColumns(merged, current.currency);
      const store = { id: current.storeId, name: current.store, currency: current.currency };
      await this.checkCodeFree(tx, store, columns, current.id);
      return this.writing(columns, store, () => this.repository.update(tx, current.id, columns));
    });
  }

  get(id: string): Promise<Discount> {
    return inTransaction(this.db, (tx) => this.getIn(tx, id));
  }

  /** Oldest first; of one store (name or id) when given; `after` the last id of the page before. */
  async list(
    filter: { store?: string | null; first?: number; after?: string | null } = {},
  ): Promise<{ discounts: Discount[]; hasMore: boolean }> {
    const first = filter.first ?? defaultDiscountPage;
    if (!Number.isSafeInteger(first) || first < 1 || first > maxDiscountPage) {
      throw new AppError('VALIDATION_FAILED', `first must be an integer from 1 to ${maxDiscountPage}`, {
        field: 'first',
      });
    }
    const after = filter.after === null || filter.after === undefined ? 0 : discountId(filter.after);
    if (after === null)
      throw new AppError('VALIDATION_FAILED', 'after must be the id of a discount', { field: 'after' });
    return inTransaction(this.db, async (tx) => {
      const storeIds =
        filter.store === null || filter.store === undefined
          ? null
          : (await this.repository.stores(tx, filter.store)).map((store) => store.id);
      // One more than asked: whether another page follows.
      const rows = await this.repository.list(tx, { storeIds, after, first: first + 1 });
      return { discounts: rows.slice(0, first), hasMore: rows.length > first };
    });
  }

  private async getIn(tx: DbClient, id: string): Promise<Discount> {
    const number = discountId(id);
    const discount = number === null ? null : await this.repository.get(tx, number);
    if (!discount) throw discountNotFound(id);
    return discount;
  }

  /** The store named so (or with that id): one, else STORE_NOT_FOUND (none, or several of that name). */
  private async store(tx: DbClient, nameOrId: string): Promise<StoreRef> {
    const text = String(nameOrId).trim();
    const stores = text.length === 0 || text.length > 200 ? [] : await this.repository.stores(tx, text);
    const exact = stores.filter((store) => String(store.id) === text);
    const chosen = exact.length === 1 ? exact : stores;
    if (chosen.length !== 1) {
      const why =
        chosen.length === 0
          ? `No store named "${text.slice(0, 200)}"`
          : `Several stores are named "${text}": name one by its id`;
      throw new AppError('STORE_NOT_FOUND', why, {
        store: text.slice(0, 200),
        ...(chosen.length > 1 ? { store_ids: chosen.map((store) => String(store.id)) } : {}),
      });
    }
    return chosen[0]!;
  }

  private async checkCodeFree(
    tx: DbClient,
    store: StoreRef,
    columns: DiscountColumns,
    except: number | null,
  ): Promise<void> {
    if (columns.codeKey !== null && (await this.repository.codeTaken(tx, store.id, columns.codeKey, except)))
      throw codeTaken(columns.code!, store.name);
  }

  /** The write; a code taken meanwhile by a concurrent write is DISCOUNT_CODE_TAKEN too (the unique index). */
  private async writing(columns: DiscountColumns, store: StoreRef, write: () => Promise<Discount>): Promise<Discount> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error) && columns.code !== null) throw codeTaken(columns.code, store.name);
      throw error;
    }
  }
}

/** The patch's fields that are there (undefined ones left out, so that they do not replace the stored value). */
function definedOf(patch: DiscountPatch): DiscountPatch {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as DiscountPatch;
}
