// A media item's performance over a window, as both APIs show it (docs/carts.md, "Attribution and media performance"):
// what shoppers added to carts from it and what its orders sold. Plain values; money in minor units.
import type { Money } from '../domain/money.js';

/** The counts of one store, or of every store together. */
export interface PerformanceCounts {
  /** Carts with a line attributed to the media item within the window. */
  carts: number;
  /** The quantities of those lines. */
  unitsAdded: number;
  /** Orders (neither CANCELLED nor FAILED) created within the window with a line attributed to it. */
  orders: number;
  /** The quantities of those order lines. */
  unitsSold: number;
  /** The line totals of those order lines, per currency (by currency code). */
  revenue: Money[];
}

export interface StorePerformance extends PerformanceCounts {
  storeId: number;
  /** The store's name. */
  store: string;
}

export interface MediaPerformance extends PerformanceCounts {
  mediaId: number;
  /** The window, both ends included. */
  from: Date;
  to: Date;
  /** Stores with a cart line or an order line in the window, by store id. */
  byStore: StorePerformance[];
}
