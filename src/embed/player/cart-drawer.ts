// The cart drawer's state and what it does, kept by <shoppable-media> (each change renders the
// element again): opening it (the cart reloaded, the buyer form filled from the cart's buyer until
// the shopper types), the cart's changes made in it, one at a time (a shipping method chosen
// meanwhile waits its turn), the buyer form, sent as it is typed (once typing pauses, and when a
// field is left) so that the cart is priced for the address before the order, and the order at the
// total shown. An alert goes once it is stale: a form error once its fields are filled, any other
// after the next change that succeeds. The drawer's content renders from it (drawer.ts, as a
// DrawerHost: host.ts).
import type { ReactiveControllerHost } from 'lit';
import { asApiError, type ApiError, type BuyerField } from './api.js';
import {
  buyerFields,
  buyerFormOf,
  buyerIdentityOf,
  draftIdentityOf,
  emptyBuyer,
  fieldErrorsOf,
  type BuyerForm,
  type FieldErrors,
} from './buyer.js';
import type { CartStore } from './cart-store.js';
import type { DrawerHost } from './host.js';

/** What the drawer needs of the element it is in. */
export interface DrawerElement extends ReactiveControllerHost {
  readonly store: CartStore | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** What was last added to the cart: old news once the cart is ordered. */
  notice: string;
  /** Focuses what `selector` finds in the element once it has rendered. */
  focusAfterUpdate(selector: string): void;
}

export class CartDrawer implements DrawerHost {
  drawerOpen = false;
  drawerBusy = false;
  drawerError: ApiError | null = null;
  orderError: ApiError | null = null;
  buyer: BuyerForm = emptyBuyer();
  fieldErrors: FieldErrors = {};
  /** The shipping method chosen per store (its name) while it is being sent. */
  shippingChoice: Record<string, string> = {};
  /** The shopper typed in the form: the cart's buyer no longer fills it. */
  private buyerEdited = false;
  /** An order is being placed: it sends the form itself. */
  private placing = false;
  /** The form as last sent while typing. */
  private sentBuyer = '';
  /** Sends the form once typing pauses. */
  private buyerTimer: ReturnType<typeof setTimeout> | undefined;
  /** A shipping method chosen while another change ran: it runs next. */
  private queued: ((store: CartStore) => Promise<void>) | null = null;
  /** What opened the drawer, focused again when it closes. */
  private trigger: HTMLElement | null = null;

  constructor(private readonly element: DrawerElement) {}

  get store(): CartStore | undefined {
    return this.element.store;
  }

  open(trigger: HTMLElement | null) {
    this.trigger = trigger;
    this.drawerError = null;
    this.orderError = null;
    const identity = this.store?.state.cart?.buyerIdentity;
    if (identity && !this.buyerEdited) this.buyer = buyerFormOf(identity);
    this.drawerOpen = true;
    this.element.requestUpdate();
    void this.store?.reload();
  }

  closeDrawer() {
    this.element.renderRoot.querySelector<HTMLDialogElement>('dialog.drawer')?.close();
  }

  /** The drawer's dialog closed (Close, Escape): focus what opened it. */
  closed() {
    if (!this.drawerOpen) return;
    this.sendBuyer();
    this.drawerOpen = false;
    this.element.requestUpdate();
    const trigger = this.trigger;
    if (trigger?.isConnected) trigger.focus();
    else this.element.renderRoot.querySelector<HTMLElement>('.cart-button')?.focus();
  }

  /**
   * One change of the cart at a time, its error shown in the drawer; one asked meanwhile is
   * dropped (its control shows it is busy), or, when `queue`, kept to run next (the last one).
   */
  private async cartAction(run: (store: CartStore) => Promise<void>, queue = false) {
    const store = this.store;
    if (!store) return;
    if (this.drawerBusy) {
      if (queue) this.queued = run;
      return;
    }
    this.drawerBusy = true;
    this.drawerError = null;
    this.element.requestUpdate();
    try {
      await run(store);
      this.orderError = null;
    } catch (error) {
      this.drawerError = asApiError(error);
    } finally {
      this.drawerBusy = false;
      const next = this.queued;
      this.queued = null;
      if (next) void this.cartAction(next);
      else this.shippingChoice = {};
      this.element.requestUpdate();
    }
  }

  changeQuantity(variantId: string, quantity: number) {
    void this.cartAction((store) => store.setQuantity(variantId, quantity));
  }

  removeLine(variantId: string) {
    void this.cartAction(async (store) => {
      await store.remove(variantId);
      this.element.focusAfterUpdate('dialog.drawer .close');
    });
  }

  chooseShipping(storeName: string, code: string) {
    this.shippingChoice = { ...this.shippingChoice, [storeName]: code };
    void this.cartAction((store) => store.selectShipping(storeName, code), true);
  }

  applyCode(code: string) {
    return this.cartAction((store) => store.setDiscountCodes([...store.codes, code]));
  }

  removeCode(code: string) {
    void this.cartAction((store) => store.setDiscountCodes(store.codes.filter((kept) => kept !== code)));
  }

  editBuyer(field: BuyerField, value: string) {
    this.buyerEdited = true;
    this.buyer = { ...this.buyer, [field]: value };
    if (this.fieldErrors[field]) {
      const { [field]: _fixed, ...rest } = this.fieldErrors;
      this.fieldErrors = rest;
      // "Please fill in: …" goes once every field it names is filled in.
      const named = this.orderError?.fields ?? [];
      if (named.length && named.every((each) => !(each in this.fieldErrors))) this.orderError = null;
    }
    clearTimeout(this.buyerTimer);
    this.buyerTimer = setTimeout(() => this.sendBuyer(), 600);
    this.element.requestUpdate();
  }

  /**
   * Sends the form as typed so far (a field left, typing paused): the cart is priced for the
   * address at once. Silent: what is wrong in the form is said when the order is placed.
   */
  sendBuyer() {
    clearTimeout(this.buyerTimer);
    this.buyerTimer = undefined;
    const store = this.store;
    const draft = draftIdentityOf(this.buyer);
    const sent = JSON.stringify(draft);
    if (!store?.state.cart || !this.buyerEdited || this.placing || sent === this.sentBuyer) return;
    this.sentBuyer = sent;
    store.syncBuyer(draft).then(
      () => {
        if (!this.orderError?.fields.length) this.orderError = null;
        this.drawerError = null;
        this.element.requestUpdate();
      },
      () => {
        this.sentBuyer = '';
      },
    );
  }

  async placeOrder(event: Event) {
    event.preventDefault();
    const store = this.store;
    const shown = store?.state.cart?.cost.total;
    if (!store || !shown || this.drawerBusy) return;
    clearTimeout(this.buyerTimer);
    const buyer = buyerIdentityOf(this.buyer);
    this.drawerBusy = true;
    this.placing = true;
    this.orderError = null;
    this.drawerError = null;
    this.fieldErrors = {};
    this.element.requestUpdate();
    // The player that placed the order shows its confirmation outside the drawer (cart-store.ts).
    store.presenter = this.element;
    try {
      await store.placeOrder(buyer, shown);
      if (store.state.confirmation) {
        this.buyerEdited = false;
        this.sentBuyer = '';
        this.element.notice = '';
        this.element.focusAfterUpdate('#drawer-confirmation');
      }
    } catch (error) {
      const apiError = asApiError(error);
      this.orderError = apiError;
      const fieldErrors = fieldErrorsOf(apiError);
      this.fieldErrors = fieldErrors;
      const first = buyerFields.find(({ field }) => fieldErrors[field]);
      if (first) this.element.focusAfterUpdate(`#buyer-${first.field}`);
    } finally {
      this.drawerBusy = false;
      this.placing = false;
      this.element.requestUpdate();
    }
  }
}
