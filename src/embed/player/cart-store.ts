// The cart every <shoppable-media> of a page shares, one store per gateway (endpoint and key).
// The open cart's id lives in localStorage under `shoppable-media:cart:<endpoint>`; after submit it
// stays there, so that a reload reads cartStatus and shows the orders again, until the next add
// starts a new cart. Each change is announced on `window` as a `shoppable-media:cart` CustomEvent
// (detail: { endpoint, cartId }): other players on the page (another copy of the script included)
// refetch; so do other tabs, through the `storage` event of the id's key or, for a change that
// keeps the id (a quantity, a submit), of `shoppable-media:cart-changed:<endpoint>` (a stamp).
import {
  ApiError,
  freshKey,
  goneCartCodes,
  ShopApi,
  type BuyerIdentity,
  type Cart,
  type CartItemInput,
  type CartStatusResult,
  type Order,
} from './api.js';
import { orderSubscription } from './documents.js';
import { subscribe, type Subscription } from './live.js';

export const cartEventName = 'shoppable-media:cart';

export interface CartEventDetail {
  endpoint: string;
  cartId: string | null;
  /** The store that sent it, so that it does not refetch its own change. */
  source: string;
}

export interface Confirmation {
  cartId: string;
  orders: Order[];
  /** Store names by store id, from the submitted cart. */
  storeNames: Record<string, string>;
  /** Set when an order's live updates stopped with an error. */
  liveError: ApiError | null;
}

export interface CartState {
  /** The open (not submitted) cart, or null: the next add creates one. */
  cart: Cart | null;
  /** The orders of the last submitted cart, until a new cart starts. */
  confirmation: Confirmation | null;
  loading: boolean;
  /** A failure to read the cart. */
  error: ApiError | null;
}

const finalStatuses = new Set(['FULFILLED', 'CANCELLED', 'FAILED']);

export function unitsIn(cart: Cart | null): number {
  let units = 0;
  for (const store of cart?.stores ?? []) for (const line of store.cartLines) units += line.quantity;
  return units;
}

export class CartStore {
  readonly api: ShopApi;
  readonly storageKey: string;
  /** Written with a new stamp on every change, so that other tabs hear of it. */
  readonly changedKey: string;
  state: CartState = { cart: null, confirmation: null, loading: false, error: null };
  private readonly listeners = new Map<object, () => void>();
  private readonly token = freshKey();
  private readonly live = new Map<string, Subscription>();
  private loads = 0;
  private loaded: Promise<void> | undefined;
  /** The idempotency key of the submit being attempted, reused by its retries. */
  private submitKey: { cartId: string; key: string; buyer: string } | null = null;

  constructor(endpoint: string, apiKey: string | null) {
    this.api = new ShopApi(endpoint, apiKey);
    this.storageKey = `shoppable-media:cart:${endpoint}`;
    this.changedKey = `shoppable-media:cart-changed:${endpoint}`;
    window.addEventListener(cartEventName, (event) => {
      const detail = (event as CustomEvent<CartEventDetail>).detail;
      if (detail && detail.endpoint === endpoint && detail.source !== this.token) void this.reload();
    });
    window.addEventListener('storage', (event) => {
      if (event.key === this.storageKey || event.key === this.changedKey || event.key === null) void this.reload();
    });
  }

  /** Calls `listener` (of `owner`, a player) after every change; answers the function that stops it. */
  listen(owner: object, listener: () => void): () => void {
    this.listeners.set(owner, listener);
    return () => {
      this.listeners.delete(owner);
      if (this.presenter === owner) this.presenter = null;
    };
  }

  /**
   * The player that shows the confirmations outside its drawer (one per page, so that each
   * order's status region is announced once): the one that placed the order, else the first.
   */
  presents(owner: object): boolean {
    const presenter = this.presenter ?? this.listeners.keys().next().value;
    return presenter === owner;
  }

  /** The player that placed the order. */
  presenter: object | null = null;

  /** Loads the stored cart once (every player calls it). */
  ensureLoaded(): Promise<void> {
    this.loaded ??= this.reload();
    return this.loaded;
  }

  private set(state: Partial<CartState>) {
    this.state = { ...this.state, ...state };
    for (const listener of this.listeners.values()) listener();
  }

  private storedId(): string | null {
    try {
      return localStorage.getItem(this.storageKey);
    } catch {
      return null;
    }
  }

  private store(cartId: string | null) {
    try {
      if (cartId) localStorage.setItem(this.storageKey, cartId);
      else localStorage.removeItem(this.storageKey);
    } catch {
      // storage refused (private mode, quota): the cart lasts as long as the page
    }
  }

  private announce(cartId: string | null) {
    try {
      localStorage.setItem(this.changedKey, `${Date.now()}:${this.token}`);
    } catch {
      // other tabs will see the change when they next load
    }
    const detail: CartEventDetail = { endpoint: this.api.endpoint, cartId, source: this.token };
    window.dispatchEvent(new CustomEvent(cartEventName, { detail }));
  }

  /** Reads the stored cart again: open, submitted (its orders), or gone (a new cart next time). */
  async reload(): Promise<void> {
    const load = ++this.loads;
    const cartId = this.storedId();
    if (!cartId) {
      this.stopLive();
      this.set({ cart: null, confirmation: null, loading: false, error: null });
      return;
    }
    this.set({ loading: true });
    try {
      const status = await this.api.cartStatus(cartId);
      if (load !== this.loads) return;
      if (!status) return this.forget(cartId);
      this.apply(status);
    } catch (error) {
      if (load !== this.loads) return;
      if (error instanceof ApiError && goneCartCodes.has(error.code)) return this.forget(cartId);
      this.set({
        loading: false,
        error: error instanceof ApiError ? error : new ApiError('Something went wrong.', 'UNKNOWN'),
      });
    }
  }

  /** An expired or unknown cart: start again silently. */
  private forget(cartId: string) {
    if (this.storedId() === cartId) this.store(null);
    this.stopLive();
    this.set({ cart: null, confirmation: null, loading: false, error: null });
  }

  private apply(status: CartStatusResult) {
    if (status.status === 'IN_PROGRESS') {
      this.stopLive();
      this.set({ cart: status.cart, confirmation: null, loading: false, error: null });
      return;
    }
    const storeNames: Record<string, string> = {};
    for (const entry of status.cart.stores) storeNames[entry.storeId] = entry.store;
    const confirmation: Confirmation = { cartId: status.cart.id, orders: status.orders, storeNames, liveError: null };
    this.set({ cart: null, confirmation, loading: false, error: null });
    this.followOrders(confirmation);
  }

  /** Live status of each order still moving, over /graphql/stream. */
  private followOrders(confirmation: Confirmation) {
    for (const [id, subscription] of this.live) {
      if (!confirmation.orders.some((order) => order.id === id)) {
        subscription.close();
        this.live.delete(id);
      }
    }
    for (const order of confirmation.orders) {
      if (this.live.has(order.id) || finalStatuses.has(order.status)) continue;
      const subscription = subscribe<Order>(
        this.api,
        orderSubscription,
        { orderId: order.id },
        'orderUpdated',
        (updated) => {
          const current = this.state.confirmation;
          if (!current || current.cartId !== confirmation.cartId) return;
          const orders = current.orders.map((each) => (each.id === updated.id ? updated : each));
          this.set({ confirmation: { ...current, orders } });
          if (finalStatuses.has(updated.status)) {
            this.live.get(updated.id)?.close();
            this.live.delete(updated.id);
          }
        },
        (error) => {
          this.live.delete(order.id);
          const current = this.state.confirmation;
          if (current && current.cartId === confirmation.cartId)
            this.set({ confirmation: { ...current, liveError: error } });
        },
      );
      this.live.set(order.id, subscription);
    }
  }

  private stopLive() {
    for (const subscription of this.live.values()) subscription.close();
    this.live.clear();
  }

  /** A changed open cart: kept, shown by every player, announced. */
  private commit(cart: Cart) {
    this.loads++;
    this.submitKey = null;
    this.store(cart.id);
    this.stopLive();
    this.set({ cart, confirmation: null, loading: false, error: null });
    this.announce(cart.id);
  }

  /** Runs a change of the open cart; a cart that expired meanwhile empties silently. */
  private async change(run: (cartId: string) => Promise<Cart>): Promise<void> {
    const cart = this.state.cart;
    if (!cart) return;
    try {
      this.commit(await run(cart.id));
    } catch (error) {
      if (error instanceof ApiError && (goneCartCodes.has(error.code) || error.code === 'CART_ALREADY_SUBMITTED')) {
        await this.reload();
        if (goneCartCodes.has(error.code)) return;
      }
      throw error;
    }
  }

  /** Adds to the open cart, or to a new one (none yet, submitted, expired or unknown). */
  async add(item: CartItemInput): Promise<void> {
    const cartId = this.state.cart?.id ?? null;
    let cart: Cart;
    try {
      cart = await this.api.addCartItems(cartId, [item]);
    } catch (error) {
      if (!(
        cartId &&
        error instanceof ApiError &&
        (goneCartCodes.has(error.code) || error.code === 'CART_ALREADY_SUBMITTED')
      ))
        throw error;
      cart = await this.api.addCartItems(null, [item]);
    }
    this.commit(cart);
  }

  setQuantity(variantId: string, quantity: number): Promise<void> {
    return this.change((cartId) => this.api.updateCartItems(cartId, [{ variantId, quantity }]));
  }

  remove(variantId: string): Promise<void> {
    return this.change((cartId) => this.api.removeCartItems(cartId, [variantId]));
  }

  selectShipping(store: string, code: string): Promise<void> {
    return this.change((cartId) => this.api.selectShippingMethod(cartId, store, code));
  }

  /** The cart's discount codes as they are now. */
  get codes(): string[] {
    return (this.state.cart?.discountCodes ?? []).map((entry) => entry.code);
  }

  /** Replaces the cart's discount codes (a code that does not apply stays, with a warning). */
  setDiscountCodes(codes: string[]): Promise<void> {
    return this.change((cartId) => this.api.updateCartDiscountCodes(cartId, codes));
  }

  /**
   * The buyer identity, then submit with an idempotency key: a fresh key for a new attempt, the
   * same key again when the attempt's answer never came (network, 503, 429) and the form is
   * unchanged, so that the shop places the orders once. A cart that turns out to be submitted
   * already (the lost answer did place the orders) shows its orders.
   */
  async placeOrder(buyer: Partial<BuyerIdentity>): Promise<void> {
    const cart = this.state.cart;
    if (!cart) return;
    const payload = JSON.stringify(buyer);
    let attempt = this.submitKey?.cartId === cart.id && this.submitKey.buyer === payload ? this.submitKey : null;
    let result: CartStatusResult;
    try {
      if (!attempt) {
        this.commit(await this.api.updateBuyerIdentity(cart.id, buyer));
        attempt = { cartId: cart.id, key: freshKey(), buyer: payload };
      }
      this.submitKey = attempt;
      result = await this.api.submitCart(cart.id, attempt.key);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'UNKNOWN';
      if (code !== 'NETWORK' && code !== 'SERVICE_UNAVAILABLE' && code !== 'RATE_LIMITED') this.submitKey = null;
      if (goneCartCodes.has(code)) return this.reload();
      if (code === 'CART_ALREADY_SUBMITTED') {
        await this.reload();
        if (this.state.confirmation) return;
      }
      throw error;
    }
    this.submitKey = null;
    this.loads++;
    this.store(result.cart.id);
    this.apply(result);
    this.announce(result.cart.id);
  }
}

const stores = new Map<string, CartStore>();

/** The page's store for this gateway and key. */
export function cartStore(endpoint: string, apiKey: string | null): CartStore {
  const name = `${endpoint}\n${apiKey ?? ''}`;
  let store = stores.get(name);
  if (!store) {
    store = new CartStore(endpoint, apiKey);
    stores.set(name, store);
  }
  return store;
}
