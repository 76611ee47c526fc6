// Where the page's cart id is kept and how the others hear of a change (cart-store.ts uses it):
// the open cart's id in localStorage under `shoppable-media:cart:<endpoint>`, each change announced
// on `window` as a `shoppable-media:cart` CustomEvent (detail: { endpoint, cartId, source }) for the
// other players of the page (another copy of the script included), and to other tabs through the
// `storage` event of the id's key or, for a change that keeps the id (a quantity, a submit), of
// `shoppable-media:cart-changed:<endpoint>` (a stamp).

export const cartEventName = 'shoppable-media:cart';

export interface CartEventDetail {
  endpoint: string;
  cartId: string | null;
  /** The store that sent it, so that it does not refetch its own change. */
  source: string;
}

export class CartStorage {
  readonly storageKey: string;
  /** Written with a new stamp on every change, so that other tabs hear of it. */
  readonly changedKey: string;

  /** `changed` is called when another player or tab changed the cart. */
  constructor(
    private readonly endpoint: string,
    private readonly token: string,
    changed: () => void,
  ) {
    this.storageKey = `shoppable-media:cart:${endpoint}`;
    this.changedKey = `shoppable-media:cart-changed:${endpoint}`;
    window.addEventListener(cartEventName, (event) => {
      const detail = (event as CustomEvent<CartEventDetail>).detail;
      if (detail && detail.endpoint === endpoint && detail.source !== token) changed();
    });
    window.addEventListener('storage', (event) => {
      if (event.key === this.storageKey || event.key === this.changedKey || event.key === null) changed();
    });
  }

  storedId(): string | null {
    try {
      return localStorage.getItem(this.storageKey);
    } catch {
      return null;
    }
  }

  store(cartId: string | null) {
    try {
      if (cartId) localStorage.setItem(this.storageKey, cartId);
      else localStorage.removeItem(this.storageKey);
    } catch {
      // storage refused (private mode, quota): the cart lasts as long as the page
    }
  }

  announce(cartId: string | null) {
    try {
      localStorage.setItem(this.changedKey, `${Date.now()}:${this.token}`);
    } catch {
      // other tabs will see the change when they next load
    }
    const detail: CartEventDetail = { endpoint: this.endpoint, cartId, source: this.token };
    window.dispatchEvent(new CustomEvent(cartEventName, { detail }));
  }
}
