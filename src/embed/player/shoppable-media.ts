// <shoppable-media>: an image with a hotspot per placed product, or a video with cards of the
// products shown at that moment and the list of all its products; a product panel to choose a
// variant and add it to the cart (attributed to this media item and the placement clicked), and
// a cart drawer to check out (one order per store, their statuses followed live).
//
//   <shoppable-media kind="image" slug="autumn-ridge-layers"></shoppable-media>
//   <script type="module" src="https://gateway.example/embed/shoppable-media.js"></script>
//
// Attributes: endpoint (the gateway's base URL; default: where this script was loaded from),
// kind (image | video), media-id or slug, api-key (a client key, sent as x-api-key), analytics
// ("off": report no impression, play or hotspot opening: analytics.ts).
// Every player of a page shares one cart (cart-store.ts). Styles: styles.ts (custom properties).
// Its parts render from its state through the interfaces of host.ts: the media (media-view.ts),
// the product panel (panel.ts) and the cart drawer (drawer.ts, with buyer.ts for the form; its
// state and actions: cart-drawer.ts).
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { ApiError, asApiError, ShopApi, type Media } from './api.js';
import { MediaEvents, reporterFor } from './analytics.js';
import { CartDrawer, type DrawerElement } from './cart-drawer.js';
import { cartStore, unitsIn, type CartStore } from './cart-store.js';
import { renderConfirmation, renderDrawer } from './drawer.js';
import type { OpenProduct, PlayerHost } from './host.js';
import { renderImage, renderVideo } from './media-view.js';
import { renderPanel } from './panel.js';
import { cartCurrencyOf, chosenSku, foreignCurrency, initialSelection, type Selection } from './product.js';
import { styles } from './styles.js';

/** Where this module was loaded from: the gateway that serves it, unless `endpoint` says otherwise. */
const scriptOrigin = (() => {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return location.origin;
  }
})();

/** Opens a dialog as a modal (its Close button focused) or closes it, as the state says. */
function showDialog(dialog: HTMLDialogElement | null, open: boolean) {
  if (!dialog) return;
  if (open && !dialog.open) {
    dialog.showModal();
    dialog.querySelector<HTMLElement>('.close')?.focus();
  } else if (!open && dialog.open) dialog.close();
}

export class ShoppableMedia extends LitElement implements PlayerHost, DrawerElement {
  static override styles = styles;

  static override properties = {
    endpoint: { type: String },
    kind: { type: String },
    mediaId: { type: String, attribute: 'media-id' },
    slug: { type: String },
    apiKey: { type: String, attribute: 'api-key' },
    analytics: { type: String },
    media: { state: true },
    mediaError: { state: true },
    currentMs: { state: true },
    panel: { state: true },
    selection: { state: true },
    quantity: { state: true },
    panelError: { state: true },
    panelBusy: { state: true },
    notice: { state: true },
  };

  declare endpoint: string | null;
  declare kind: string | null;
  declare mediaId: string | null;
  declare slug: string | null;
  declare apiKey: string | null;
  declare analytics: string | null;

  declare media: Media | null;
  declare mediaError: ApiError | null;
  declare currentMs: number;
  declare panel: OpenProduct | null;
  declare selection: Selection;
  declare quantity: number;
  declare panelError: ApiError | null;
  declare panelBusy: boolean;
  declare notice: string;

  store: CartStore | undefined;
  /** The cart drawer's state and actions. */
  readonly drawer = new CartDrawer(this);
  /** What it reports of its media item (impression, play, hotspot openings), unless analytics="off". */
  private readonly events = new MediaEvents(() =>
    this.analytics?.trim().toLowerCase() === 'off' ? null : reporterFor(this.base, this.apiKey || null),
  );
  private unlisten: (() => void) | undefined;
  private mediaLoads = 0;
  private pendingFocus: string | null = null;

  constructor() {
    super();
    this.endpoint = null;
    this.kind = null;
    this.mediaId = null;
    this.slug = null;
    this.apiKey = null;
    this.analytics = null;
    this.media = null;
    this.mediaError = null;
    this.currentMs = 0;
    this.panel = null;
    this.selection = {};
    this.quantity = 1;
    this.panelError = null;
    this.panelBusy = false;
    this.notice = '';
  }

  /** The gateway's base URL, without a trailing slash. */
  get base(): string {
    const given = this.endpoint?.trim();
    if (!given) return scriptOrigin;
    try {
      return new URL(given, location.href).href.replace(/\/+$/, '');
    } catch {
      return given.replace(/\/+$/, '');
    }
  }

  get api(): ShopApi {
    return this.store?.api ?? new ShopApi(this.base, this.apiKey || null);
  }

  override connectedCallback() {
    super.connectedCallback();
    this.attachStore();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.events.stop();
    this.unlisten?.();
    this.unlisten = undefined;
    this.store = undefined;
  }

  private attachStore() {
    const key = this.apiKey || null;
    if (this.store && this.store.api.endpoint === this.base && this.store.api.apiKey === key && this.unlisten) return;
    this.unlisten?.();
    this.store = cartStore(this.base, key);
    this.unlisten = this.store.listen(this, () => {
      // Once the cart is ordered (by any player of the page), "Added … to the cart" is old news.
      if (this.store?.state.confirmation) this.notice = '';
      this.requestUpdate();
    });
    void this.store.ensureLoaded();
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('endpoint') || changed.has('apiKey')) {
      if (this.isConnected) this.attachStore();
    }
    if (
      changed.has('endpoint') ||
      changed.has('apiKey') ||
      changed.has('kind') ||
      changed.has('mediaId') ||
      changed.has('slug')
    )
      void this.loadMedia();
  }

  private async loadMedia() {
    const load = ++this.mediaLoads;
    const kind = (this.kind ?? 'image').toLowerCase();
    this.media = null;
    this.mediaError = null;
    if (kind !== 'image' && kind !== 'video') {
      this.mediaError = new ApiError('The kind attribute must be "image" or "video".', 'CONFIGURATION');
      return;
    }
    const by = this.mediaId ? { id: this.mediaId } : this.slug ? { slug: this.slug } : null;
    if (!by) {
      this.mediaError = new ApiError('No media chosen: set the media-id or slug attribute.', 'CONFIGURATION');
      return;
    }
    await Promise.resolve(); // after the store is attached for this update
    try {
      const media = await this.api.media(kind, by);
      if (load !== this.mediaLoads) return;
      if (!media) this.mediaError = new ApiError(`This ${kind} could not be found.`, 'MEDIA_NOT_FOUND');
      else this.media = media;
    } catch (error) {
      if (load !== this.mediaLoads) return;
      const apiError = asApiError(error);
      this.mediaError =
        apiError.code === 'MEDIA_NOT_FOUND'
          ? new ApiError(`This ${kind} could not be found.`, apiError.code)
          : apiError;
    }
  }

  protected override updated() {
    const root = this.renderRoot;
    showDialog(root.querySelector<HTMLDialogElement>('dialog.panel'), this.panel !== null);
    showDialog(root.querySelector<HTMLDialogElement>('dialog.drawer'), this.drawer.drawerOpen);
    this.events.watch(this.media ? root.querySelector('.frame') : null, this.media?.id ?? null);
    if (this.pendingFocus) {
      root.querySelector<HTMLElement>(this.pendingFocus)?.focus();
      this.pendingFocus = null;
    }
  }

  focusAfterUpdate(selector: string) {
    this.pendingFocus = selector;
  }

  // ---- the product panel ----

  get cartCurrency(): string | null {
    return cartCurrencyOf(this.store?.state.cart ?? null);
  }

  openProduct(productId: string, placementId: string | null, trigger: HTMLElement | null) {
    const product = this.media?.products.find((each) => each.id === productId);
    if (!product) return;
    this.selection = initialSelection(product);
    this.quantity = 1;
    this.panelError = null;
    this.panelBusy = false;
    this.panel = { product, placementId, trigger };
    if (placementId) this.events.opened(placementId);
  }

  /** The video started playing. */
  played() {
    this.events.played();
  }

  closePanel() {
    this.renderRoot.querySelector<HTMLDialogElement>('dialog.panel')?.close();
  }

  /** The panel's dialog closed (Close, Escape, or after adding): forget it, focus what opened it. */
  private panelClosed() {
    const open = this.panel;
    this.panel = null;
    if (!open) return;
    const trigger = open.trigger;
    if (trigger?.isConnected) trigger.focus();
    else this.renderRoot.querySelector<HTMLElement>(`[data-product-id="${CSS.escape(open.product.id)}"]`)?.focus();
  }

  choose(option: string, value: string) {
    this.selection = { ...this.selection, [option]: value };
    this.panelError = null;
  }

  setQuantity(text: string) {
    const value = Number(text);
    this.quantity = text.trim() === '' ? Number.NaN : value;
  }

  async addToCart(event: Event) {
    event.preventDefault();
    const open = this.panel;
    const media = this.media;
    const store = this.store;
    if (!open || !media || !store || this.panelBusy) return;
    if (foreignCurrency(open.product, this.cartCurrency)) return;
    const sku = chosenSku(open.product, this.selection);
    if (!sku) return;
    this.panelBusy = true;
    this.panelError = null;
    try {
      await store.add({
        variantId: sku.skuId,
        quantity: this.quantity,
        mediaId: media.id,
        ...(open.placementId ? { placementId: open.placementId } : {}),
      });
      this.notice = `Added ${open.product.title} to the cart.`;
      this.panelBusy = false;
      this.closePanel();
    } catch (error) {
      this.panelBusy = false;
      this.panelError = asApiError(error);
    }
  }

  // ---- rendering ----

  override render() {
    const state = this.store?.state;
    const units = unitsIn(state?.cart ?? null);
    const media = this.media;
    const drawerOpen = this.drawer.drawerOpen;
    return html`<div class="player">
      <div class="bar">
        <p class="notice" role="status">${this.notice}</p>
        <button
          type="button"
          class="cart-button"
          aria-haspopup="dialog"
          @click=${(event: Event) => this.drawer.open(event.currentTarget as HTMLElement)}
        >Cart (${units})</button>
      </div>
      ${
        drawerOpen || !state?.error || state.error.message === this.mediaError?.message
          ? nothing
          : html`<p role="alert">${state.error.message}</p>`
      }
      ${
        this.mediaError
          ? html`<p role="alert">${this.mediaError.message}</p>`
          : media
            ? media.kind === 'VIDEO'
              ? renderVideo(this, media)
              : renderImage(this, media)
            : html`<p class="loading" role="status">Loading…</p>`
      }
      ${
        !drawerOpen && state?.confirmation && this.store?.presents(this)
          ? renderConfirmation(state.confirmation, 'confirmation', 2, this.store?.images)
          : nothing
      }
      <dialog class="panel" aria-modal="true" aria-labelledby="panel-title" @close=${() => this.panelClosed()}>
        ${renderPanel(this)}
      </dialog>
      <dialog class="drawer" aria-modal="true" aria-labelledby="cart-title" @close=${() => this.drawer.closed()}>
        ${renderDrawer(this.drawer)}
      </dialog>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shoppable-media': ShoppableMedia;
  }
}

if (!customElements.get('shoppable-media')) customElements.define('shoppable-media', ShoppableMedia);
