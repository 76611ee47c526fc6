// The cart every <shoppable-media> of a page shares, one store per gateway (endpoint and key).
// The open cart's id is kept in localStorage (cart-storage.ts); after submit it stays there, so
// that a reload reads cartStatus and shows the orders again, until the next add starts a new cart.
// Each change is announced: other players on the page and other tabs refetch. Its changes run one
// after another, each answer applied before the next is sent, so that a late answer never shows an
// older cart; the submit is bound to the total the buyer saw, and the products' first images are
// asked once each (images.ts).
import {
  ApiError,
  freshKey,
  goneCartCodes,
  ShopApi,
  type BuyerField,
  type BuyerIdentity,
  type Cart,
  type CartItemInput,
  type CartStatusResult,
  type Money,
  type Order,
} from './api.js';
import { CartStorage } from './cart-storage.js';
import { ProductImages } from './images.js';
import { LiveOrders } from './live.js';
import { inStoreNames, totalChangedWords, totalOf, warningsOf } from './words.js';

export interface Confirmation {
  cartId: string;
  orders: Order[];
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

export function unitsIn(cart: Cart | null): number {
  let units = 0;
  for (const store of cart?.stores ?? []) for (const line of store.cartLines) units += line.quantity;
  return units;
}

/** A total the buyer saw, as a submit expects it. */
export type Total = Money & { value: number };

const sameTotal = (one: Total, other: Total) => one.value === other.value && one.currency === other.currency;

/** Whether the cart's identity already has every value of `buyer`. */
const hasIdentity = (cart: Cart, buyer: Partial<BuyerIdentity>) =>
  Object.entries(buyer).every(([field, value]) => cart.buyerIdentity[field as BuyerField] === value);

/** The products a cart and a confirmation show. */
function productsOf(state: CartState): string[] {
  const ids = (state.cart?.stores ?? []).flatMap((entry) => entry.cartLines.map((line) => line.product.productId));
  for (const order of state.confirmation?.orders ?? []) ids.push(...order.lines.map((line) => line.productId));
  return ids;
}

export class CartStore {
  readonly api: ShopApi;
  private readonly storage: CartStorage;
  state: CartState = { cart: null, confirmation: null, loading: false, error: null };
  private readonly listeners = new Map<object, () => void>();
  private readonly token = freshKey();
  private readonly live: LiveOrders;
  private loads = 0;
  private loaded: Promise<void> | undefined;
  /** The idempotency key of the submit being attempted (its cart, form and total), reused by its retries. */
  private submitKey: { cartId: string; key: string; buyer: string; total: string } | null = null;
  /** The changes asked, one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The first image of each product shown. */
  readonly images: ProductImages;

  constructor(endpoint: string, apiKey: string | null) {
    this.api = new ShopApi(endpoint, apiKey);
    this.images = new ProductImages(this.api, () => this.tell());
    this.live = new LiveOrders(this.api);
    this.storage = new CartStorage(endpoint, this.token, () => void this.reload());
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
    this.images.want(productsOf(this.state));
    this.tell();
  }

  private tell() {
    for (const listener of this.listeners.values()) listener();
  }

  /** Runs a change once the changes asked before it are done. */
  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Reads the stored cart again: open, submitted (its orders), or gone (a new cart next time). */
  async reload(): Promise<void> {
    const load = ++this.loads;
    const cartId = this.storage.storedId();
    if (!cartId) {
      this.live.stop();
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
    if (this.storage.storedId() === cartId) this.storage.store(null);
    this.live.stop();
    this.set({ cart: null, confirmation: null, loading: false, error: null });
  }

  private apply(status: CartStatusResult) {
    if (status.status === 'IN_PROGRESS') {
      this.live.stop();
      this.set({ cart: status.cart, confirmation: null, loading: false, error: null });
      return;
    }
    const confirmation: Confirmation = { cartId: status.cart.id, orders: status.orders, liveError: null };
    this.set({ cart: null, confirmation, loading: false, error: null });
    this.followOrders(confirmation);
  }

  /** Live status of each order still moving, over /graphql/stream. */
  private followOrders(confirmation: Confirmation) {
    const current = () => {
      const now = this.state.confirmation;
      return now?.cartId === confirmation.cartId ? now : null;
    };
    this.live.follow(
      confirmation.orders,
      (updated) => {
        const now = current();
        const orders = now?.orders.map((each) => (each.id === updated.id ? updated : each));
        if (now && orders) this.set({ confirmation: { ...now, orders } });
      },
      (error) => {
        const now = current();
        if (now) this.set({ confirmation: { ...now, liveError: error } });
      },
    );
  }

  /** A changed open cart: kept, shown by every player, announced. */
  private commit(cart: Cart) {
    this.loads++;
    this.submitKey = null;
    this.storage.store(cart.id);
    this.live.stop();
    this.set({ cart, confirmation: null, loading: false, error: null });
    this.storage.announce(cart.id);
  }

  /** Runs a change of the open cart, after those asked before; a cart that expired meanwhile empties silently. */
  private change(run: (cartId: string) => Promise<Cart | null>): Promise<void> {
    return this.serial(async () => {
      const cart = this.state.cart;
      if (!cart) return;
      try {
        const changed = await run(cart.id);
        if (changed) this.commit(changed);
      } catch (error) {
        if (error instanceof ApiError && (goneCartCodes.has(error.code) || error.code === 'CART_ALREADY_SUBMITTED')) {
          await this.reload();
          if (goneCartCodes.has(error.code)) return;
        }
        throw error;
      }
    });
  }

  /** Adds to the open cart, or to a new one (none yet, submitted, expired or unknown). */
  add(item: CartItemInput): Promise<void> {
    return this.serial(() => this.addNow(item));
  }

  private async addNow(item: CartItemInput): Promise<void> {
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
   * Sends the buyer identity as typed so far, after the changes asked before it (the caller leaves
   * out what it knows the API would refuse); fields the API refuses anyway are left out and the
   * rest sent again, so that a complete address prices the cart however far the form is.
   */
  syncBuyer(buyer: Partial<BuyerIdentity>): Promise<void> {
    return this.change(async (cartId) => {
      if (this.state.cart && hasIdentity(this.state.cart, buyer)) return null;
      try {
        return await this.api.updateBuyerIdentity(cartId, buyer);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'BUYER_IDENTITY_INVALID' || !error.fields.length)
          throw error;
        const rest = { ...buyer };
        for (const field of error.fields) delete rest[field as BuyerField];
        return this.api.updateBuyerIdentity(cartId, rest);
      }
    });
  }

  /**
   * Places the order at the total the buyer saw (`shown`), after the changes asked before: the
   * buyer identity (unless the cart has it already), then submit with an idempotency key and the
   * total. A fresh key for a new attempt, the same key again when the attempt's answer never came
   * (network, 503, 429) and neither the form nor the total changed, so that the shop places the
   * orders once. A total that differs (the identity changed the tax, or the shop answered
   * CART_TOTAL_CHANGED) submits nothing: the cart is read again and the error says the new total,
   * for the buyer to confirm. A cart that turns out to be submitted already (the lost answer did
   * place the orders) shows its orders.
   */
  placeOrder(buyer: Partial<BuyerIdentity>, shown: Total): Promise<void> {
    return this.serial(() => this.submit(buyer, shown));
  }

  private async submit(buyer: Partial<BuyerIdentity>, shown: Total): Promise<void> {
    const cart = this.state.cart;
    if (!cart) return;
    const payload = JSON.stringify(buyer);
    const total = `${shown.value} ${shown.currency}`;
    const same = this.submitKey;
    let attempt = same?.cartId === cart.id && same.buyer === payload && same.total === total ? same : null;
    let result: CartStatusResult;
    try {
      if (!attempt) {
        if (!hasIdentity(cart, buyer)) this.commit(await this.api.updateBuyerIdentity(cart.id, buyer));
        const now = this.state.cart;
        if (now && !sameTotal(now.cost.total, shown)) throw new ApiError(changedWords(now), 'CART_TOTAL_CHANGED');
        attempt = { cartId: cart.id, key: freshKey(), buyer: payload, total };
      }
      this.submitKey = attempt;
      result = await this.api.submitCart(cart.id, attempt.key, shown);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'UNKNOWN';
      if (!unanswered.has(code)) this.submitKey = null;
      if (goneCartCodes.has(code)) return this.reload();
      if (code === 'CART_ALREADY_SUBMITTED') {
        await this.reload();
        if (this.state.confirmation) return;
      }
      if (code === 'CART_TOTAL_CHANGED' && error instanceof ApiError) throw await this.totalChanged(error);
      throw error;
    }
    this.submitKey = null;
    this.loads++;
    this.storage.store(result.cart.id);
    this.apply(result);
    this.storage.announce(result.cart.id);
  }

  /** The shop refused the total shown: the cart read again, and the error in its new total and store names. */
  private async totalChanged(error: ApiError): Promise<ApiError> {
    await this.reload();
    const cart = this.state.cart;
    if (cart) return new ApiError(changedWords(cart), error.code, [], {}, error.details);
    const warnings = warningsOf(error.details);
    return new ApiError(totalChangedWords(totalOf(error.details), warnings), error.code, [], {}, error.details);
  }
}

/** The words of a total that changed: the cart's new total, and its notices in the stores' names. */
const changedWords = (cart: Cart) =>
  totalChangedWords(
    cart.cost.total.displayValue,
    cart.warnings.map((warning) => ({ message: inStoreNames(cart.stores, warning) })),
  );

/** The failures after which a submit's answer may still have been written: its retry keeps the key. */
const unanswered = new Set(['NETWORK', 'CORS_REFUSED', 'SERVICE_UNAVAILABLE', 'RATE_LIMITED']);

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
