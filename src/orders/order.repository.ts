// The only order code that talks to Prisma: orders with their events and required actions.
import { randomUUID } from 'node:crypto';
import type { DbClient, Prisma } from '../db/database.js';
import { placeholders, timeParameter } from '../db/sql-executor.js';
import { jsonParameter, sqlOf } from '../db/tx-sql.js';
import type { OrderStatus } from '../domain/order-status.js';
import { inStoreOrder, type Order, type OrderCost, type OrderLine, type RequiredAction } from './order.model.js';
import type { BuyerIdentity } from '../domain/buyer-identity.js';

interface OrderRow {
  id: string;
  cartId: string;
  storeId: number;
  orderNumber: number;
  storeName: string;
  status: string;
  events: { id: string; createdAt: Date; type: string }[];
  requiredActions: RequiredAction[];
  lines: Prisma.JsonValue;
  cost: Prisma.JsonValue;
}

// Statuses and event types are written only from OrderStatus values; lines and cost only from
// OrderLine[] and OrderCost (by create below).
function toOrder(row: OrderRow): Order {
  // Lines of orders from before attribution have no media keys.
  const lines = ((row.lines as unknown as OrderLine[] | null) ?? []).map((line) => ({
    ...line,
    mediaId: line.mediaId ?? null,
    placementId: line.placementId ?? null,
  }));
  return {
    lines,
    cost: (row.cost as unknown as OrderCost | null) ?? null,
    id: row.id,
    cartId: row.cartId,
    storeId: row.storeId,
    orderNumber: row.orderNumber,
    storeName: row.storeName,
    status: row.status as OrderStatus,
    events: row.events.map((event) => ({
      id: event.id,
      createdAt: event.createdAt.toISOString(),
      type: event.type as OrderStatus,
    })),
    requiredActions: row.requiredActions,
  };
}

/**
 * The orders `where` (one parameter) picks, with their events and required actions in their order:
 * three statements (the writes' own SQL, db/tx-sql.ts).
 */
async function readOrders(tx: DbClient, where: string, value: string): Promise<Order[]> {
  const sql = sqlOf(tx);
  const rows = await sql.all<Omit<OrderRow, 'events' | 'requiredActions'>>(
    `SELECT "id", "cartId", "storeId", "orderNumber", "storeName", "status", "lines", "cost" FROM "Order"
    WHERE ${where}`,
    [value],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const inOrders = `"orderId" IN (${placeholders(ids.length)}) ORDER BY "orderId", "position"`;
  const events = await sql.all<{ orderId: string; id: string; createdAt: Date; type: string }>(
    `SELECT "orderId", "id", "createdAt", "type" FROM "OrderEvent" WHERE ${inOrders}`,
    ids,
  );
  const actions = await sql.all<{ orderId: string; action: string; description: string }>(
    `SELECT "orderId", "action", "description" FROM "RequiredAction" WHERE ${inOrders}`,
    ids,
  );
  return rows.map((row) =>
    toOrder({
      ...row,
      events: events
        .filter((event) => event.orderId === row.id)
        .map(({ id, createdAt, type }) => ({ id, createdAt, type })),
      requiredActions: actions
        .filter((action) => action.orderId === row.id)
        .map(({ action, description }) => ({ action, description })),
    }),
  );
}

export interface NewOrder {
  cartId: string;
  storeId: number;
  /** Taken by takeOrderNumbers in the same transaction. */
  orderNumber: number;
  storeName: string;
  requestId: string;
  currency: string;
  subtotalMinor: number;
  shippingMinor: number;
  taxMinor: number;
  discountMinor: number;
  totalMinor: number;
  shippingMethodId: string | null;
  lines: OrderLine[];
  cost: OrderCost;
  buyerIdentity: BuyerIdentity;
}

/** A quantity of a SKU's stock, taken or given back. */
export interface StockLine {
  skuId: number;
  quantity: number;
}

/** A store's first order number: shoppers quote numbers of four digits and more. */
export const firstOrderNumber = 1001;

export class OrderRepository {
  /**
   * The next order number of each of these stores, counted in the stores' OrderNumberCounter rows:
   * one atomic upsert per store, whose row lock holds every other submit of the store (in any
   * process) until this transaction ends. So numbers are unique and increase in the order submits
   * commit; a rollback gives the number back, never given to a committed order. Stores in id order,
   * so that two carts sharing stores lock them in the same order (no deadlock).
   */
  async takeOrderNumbers(tx: DbClient, storeIds: readonly number[]): Promise<Map<number, number>> {
    const sql = sqlOf(tx);
    const stores = [...new Set(storeIds)].sort((a, b) => a - b);
    // Begun together, in store order (the server runs them so): one round trip on PostgreSQL.
    const rows = await Promise.all(
      stores.map((storeId) =>
        sql.all<{ last: number | bigint }>(
          `INSERT INTO "OrderNumberCounter" ("storeId", "last") VALUES (?, ?)
          ON CONFLICT ("storeId") DO UPDATE SET "last" = "OrderNumberCounter"."last" + 1
          RETURNING "last"`,
          [storeId, firstOrderNumber],
        ),
      ),
    );
    return new Map(stores.map((storeId, index) => [storeId, Number(rows[index]![0]!.last)]));
  }

  /** Orders of a cart, in the order of the cart's store entries. */
  async ofCart(tx: DbClient, cartId: string, storeOrder: number[]): Promise<Order[]> {
    return inStoreOrder(await readOrders(tx, '"cartId" = ?', cartId), storeOrder);
  }

  async find(tx: DbClient, orderId: string): Promise<Order | null> {
    const [order] = await readOrders(tx, '"id" = ?', orderId);
    return order ?? null;
  }

  /** Takes the order's write lock for the rest of the transaction (see CartRepository.lock). */
  async lock(tx: DbClient, orderId: string): Promise<boolean> {
    const sql = sqlOf(tx);
    const count = await sql.run(`UPDATE "Order" SET "updatedAt" = ${timeParameter(sql.dialect)} WHERE "id" = ?`, [
      new Date(),
      orderId,
    ]);
    return count === 1;
  }

  /**
   * Writes a new order, SUBMITTED with its first event; answers it as ofCart would read it back
   * (each insert returns no more than its id: nothing is read again).
   */
  async create(tx: DbClient, order: NewOrder, now: Date): Promise<Order> {
    const { lines, cost, buyerIdentity, ...columns } = order;
    const id = randomUUID();
    const sql = sqlOf(tx);
    const [json, time] = [jsonParameter(sql.dialect), timeParameter(sql.dialect)];
    await sql.later(
      `INSERT INTO "Order" ("id", "cartId", "storeId", "orderNumber", "storeName", "status", "requestId", "currency",
        "subtotalMinor", "shippingMinor", "taxMinor", "discountMinor", "totalMinor", "shippingMethodId", "lines",
        "cost", "buyerIdentity", "createdAt", "updatedAt")
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${json}, ${json}, ${json}, ${time}, ${time})`,
      [
        id,
        columns.cartId,
        columns.storeId,
        columns.orderNumber,
        columns.storeName,
        'SUBMITTED',
        columns.requestId,
        columns.currency,
        columns.subtotalMinor,
        columns.shippingMinor,
        columns.taxMinor,
        columns.discountMinor,
        columns.totalMinor,
        columns.shippingMethodId,
        JSON.stringify(lines),
        JSON.stringify(cost),
        JSON.stringify(buyerIdentity),
        now,
        now,
      ],
    );
    const event = { id: randomUUID(), type: 'SUBMITTED', createdAt: now } as const;
    await sql.later(
      `INSERT INTO "OrderEvent" ("id", "orderId", "type", "createdAt", "position") VALUES (?, ?, ?, ${time}, 0)`,
      [event.id, id, event.type, now],
    );
    // The same lines as rows, for what is counted in SQL (media performance).
    if (lines.length > 0)
      await sql.later(
        `INSERT INTO "OrderLine" ("orderId", "position", "skuId", "quantity", "lineTotalMinor", "mediaId",
          "placementId", "storeId", "currency", "createdAt")
        VALUES ${lines.map(() => `(?, ?, ?, ?, ?, ?, ?, ?, ?, ${time})`).join(', ')}`,
        lines.flatMap((line, position) => [
          id,
          position,
          Number(line.variantId),
          line.quantity,
          // What the line brought: its total less its discounts.
          line.lineTotal.minor - (line.discount?.minor ?? 0),
          line.mediaId,
          line.placementId,
          order.storeId,
          order.currency,
          now,
        ]),
      );
    // Through JSON, as the stored lines and cost are read: what an answer built from it holds is
    // what a later read of the order holds (no undefined fields, no shared objects).
    return toOrder({
      id,
      cartId: columns.cartId,
      storeId: columns.storeId,
      orderNumber: columns.orderNumber,
      storeName: columns.storeName,
      status: 'SUBMITTED',
      events: [event],
      requiredActions: [],
      lines: JSON.parse(JSON.stringify(lines)) as Prisma.JsonValue,
      cost: JSON.parse(JSON.stringify(cost)) as Prisma.JsonValue,
    });
  }

  /** Moves an order to `status`: appends the event and replaces the required actions. */
  async transition(
    tx: DbClient,
    order: Order,
    status: OrderStatus,
    requiredActions: RequiredAction[],
    now: Date,
  ): Promise<void> {
    const sql = sqlOf(tx);
    const time = timeParameter(sql.dialect);
    await sql.later(`UPDATE "Order" SET "status" = ?, "updatedAt" = ${time} WHERE "id" = ?`, [status, now, order.id]);
    await sql.later(
      `INSERT INTO "OrderEvent" ("id", "orderId", "type", "createdAt", "position") VALUES (?, ?, ?, ${time}, ?)`,
      [randomUUID(), order.id, status, now, order.events.length],
    );
    await sql.later(`DELETE FROM "RequiredAction" WHERE "orderId" = ?`, [order.id]);
    if (requiredActions.length > 0)
      await sql.later(
        `INSERT INTO "RequiredAction" ("orderId", "position", "action", "description")
        VALUES ${requiredActions.map(() => '(?, ?, ?, ?)').join(', ')}`,
        requiredActions.flatMap((action, position) => [order.id, position, action.action, action.description]),
      );
  }

  /**
   * Takes each line's quantity from its SKU's stock, only where the stock covers it (one
   * conditional UPDATE per line, under the row lock it takes): the SKUs it could not cover.
   */
  async reserveStock(tx: DbClient, lines: readonly StockLine[]): Promise<number[]> {
    const sql = sqlOf(tx);
    // Begun together, in the lines' order (the server runs them so): one round trip on PostgreSQL.
    const counts = await Promise.all(
      lines.map((line) =>
        sql.run(`UPDATE "Sku" SET "qtyAvailable" = "qtyAvailable" - ? WHERE "id" = ? AND "qtyAvailable" >= ?`, [
          line.quantity,
          line.skuId,
          line.quantity,
        ]),
      ),
    );
    return lines.filter((_, index) => counts[index] === 0).map((line) => line.skuId);
  }

  /**
   * Gives an order's quantities back to its SKUs' stock (a cancelled or failed order): every
   * statement begun before it answers, in the lines' order (StockEvents.moving).
   */
  async releaseStock(tx: DbClient, lines: readonly StockLine[]): Promise<void> {
    const sql = sqlOf(tx);
    await Promise.all(
      lines.map((line) =>
        sql.later(`UPDATE "Sku" SET "qtyAvailable" = "qtyAvailable" + ? WHERE "id" = ?`, [line.quantity, line.skuId]),
      ),
    );
  }
}
