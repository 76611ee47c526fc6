// What the player's parts need from the element that hosts them: the product panel (panel.ts),
// the cart drawer (drawer.ts) and the media view (media-view.ts) render from these members and
// call back through them. <shoppable-media> implements the panel's and the media view's
// (PlayerHost), its cart drawer's state (cart-drawer.ts) the drawer's; the parts depend on these
// interfaces only, never on the element's module, so that no import leads back to it.
import type { ApiError, BuyerField, Product, ShopApi } from './api.js';
import type { BuyerForm, FieldErrors } from './buyer.js';
import type { CartStore } from './cart-store.js';
import type { Selection } from './product.js';

/** The product shown in the panel. */
export interface OpenProduct {
  product: Product;
  placementId: string | null;
  /** What opened the panel, focused again when it closes. */
  trigger: HTMLElement | null;
}

/** What the product panel reads and calls. */
export interface PanelHost {
  readonly api: ShopApi;
  readonly panel: OpenProduct | null;
  /** The currency of the cart's lines (a cart holds one), or null while it has none. */
  readonly cartCurrency: string | null;
  readonly selection: Selection;
  readonly quantity: number;
  readonly panelError: ApiError | null;
  readonly panelBusy: boolean;
  closePanel(): void;
  choose(option: string, value: string): void;
  setQuantity(text: string): void;
  addToCart(event: Event): Promise<void>;
}

/** What the cart drawer reads and calls. */
export interface DrawerHost {
  readonly store: CartStore | undefined;
  readonly drawerOpen: boolean;
  readonly drawerBusy: boolean;
  readonly drawerError: ApiError | null;
  readonly orderError: ApiError | null;
  readonly buyer: BuyerForm;
  readonly fieldErrors: FieldErrors;
  /** The shipping method chosen per store while it is being sent. */
  readonly shippingChoice: Readonly<Record<string, string>>;
  closeDrawer(): void;
  changeQuantity(variantId: string, quantity: number): void;
  removeLine(variantId: string): void;
  chooseShipping(storeName: string, code: string): void;
  /** Adds a discount code to the cart (resolves once the cart answered). */
  applyCode(code: string): Promise<void>;
  removeCode(code: string): void;
  editBuyer(field: BuyerField, value: string): void;
  /** Sends the buyer form as typed so far (a field was left). */
  sendBuyer(): void;
  placeOrder(event: Event): Promise<void>;
}

/** What the media view reads and calls; it sets the playback position as the video plays. */
export interface MediaHost {
  readonly api: ShopApi;
  readonly panel: OpenProduct | null;
  currentMs: number;
  openProduct(productId: string, placementId: string | null, trigger: HTMLElement | null): void;
  /** The video started playing (reported once per media item: analytics.ts). */
  played(): void;
}

/** The element, as the panel and the media view see it. */
export interface PlayerHost extends PanelHost, MediaHost {}
