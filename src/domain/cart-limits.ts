// How large one cart may grow: what cart additions refuse past, and what the answers about a cart
// and its orders can hold at most (GraphQL's cost estimate sizes their lists by it).

/** Lines one cart may hold (and one order, since an order is a store's lines of a cart). */
export const maxLinesPerCart = 250;
/** Stores in one cart: each becomes an order, and each order an event for every webhook endpoint. */
export const maxStoresPerCart = 50;
/** Discount codes one cart may hold. */
export const maxDiscountCodes = 10;
