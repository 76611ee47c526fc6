// The cart drawer's state and what it does, kept by <shoppable-media> (each change renders the
// element again): opening it (the cart reloaded, the buyer form filled from the cart's buyer until
// the shopper types), the cart's changes made in it, one at a time, the buyer form and the order.
// The drawer's content renders from it (drawer.ts, as a DrawerHost: host.ts).
import type { ReactiveControllerHost } from 'lit';
import { asApiError, type ApiError, type BuyerField } from './api.js';
import {
  buyerFields,
  buyerFormOf,
  buyerIdentityOf,
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
  /** The shopper typed in the form: the cart's buyer no longer fills it. */
  private buyerEdited = false;
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
    this.drawerOpen = false;
    this.element.requestUpdate();
    const trigger = this.trigger;
    if (trigger?.isConnected) trigger.focus();
    else this.element.renderRoot.querySelector<HTMLElement>('.cart-button')?.focus();
  }

  /** One change of the cart at a time; its error shown in the drawer. */
  private async cartAction(run: (store: CartStore) => Promise<void>) {
    const store = this.store;
    if (!store || this.drawerBusy) return;
    this.drawerBusy = true;
    this.drawerError = null;
    this.element.requestUpdate();
    try {
      await run(store);
    } catch (error) {
      this.drawerError = asApiError(error);
    } finally {
      this.drawerBusy = false;
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
    void this.cartAction((store) => store.selectShipping(storeName, code));
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
    }
    this.element.requestUpdate();
  }

  async placeOrder(event: Event) {
    event.preventDefault();
    const store = this.store;
    if (!store || this.drawerBusy) return;
    const buyer = buyerIdentityOf(this.buyer);
    this.drawerBusy = true;
    this.orderError = null;
    this.drawerError = null;
    this.fieldErrors = {};
    this.element.requestUpdate();
    // The player that placed the order shows its confirmation outside the drawer (cart-store.ts).
    store.presenter = this.element;
    try {
      await store.placeOrder(buyer);
      if (store.state.confirmation) {
        this.buyerEdited = false;
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
      this.element.requestUpdate();
    }
  }
}
