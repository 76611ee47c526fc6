// The cart drawer's content (inside the element's <dialog class="drawer">): the lines per store
// (by the store's display name) with their product's picture, a quantity stepper and Remove, each
// store's shipping methods, the costs (tax and total marked as estimates only while the cart says
// so: until the address is known), the discount codes and the cart's notices, the buyer form and
// "Place order · <total>"; after submit, one confirmation per order ("North Trail — order #1001")
// with its lines, total and status, updated live. Shipping is shown one way everywhere: each
// method's price before tax, on its radio as on the store's Shipping line, its tax counted in the
// store's Tax line. Controls stay enabled while a change runs (aria-disabled), so that focus never
// falls off a control the change disables. It sees the drawer's state (cart-drawer.ts) as a
// DrawerHost (host.ts); the form's fields and their checks are in buyer.ts.
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import {
  fieldLabels,
  type Cart,
  type CartLine,
  type Order,
  type OrderLine,
  type OrderStatus,
  type StoreEntry,
} from './api.js';
import { buyerFields } from './buyer.js';
import type { Confirmation } from './cart-store.js';
import type { DrawerHost } from './host.js';
import type { ProductImages } from './images.js';
import { inStoreNames } from './words.js';

const statusWords: Record<OrderStatus, string> = {
  SUBMITTED: 'Submitted (waiting for the store)',
  PLACED: 'Placed',
  ACTION_REQUIRED: 'Action required',
  FULFILLED: 'Fulfilled',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
};

/** The name a line's buttons use: its product's title, or its variant's when two lines share it. */
function lineName(cart: Cart, line: CartLine): string {
  const title = line.product.title;
  const same = cart.stores.flatMap((store) => store.cartLines).filter((each) => each.product.title === title);
  return same.length > 1 ? line.variant.title : title;
}

/** "S / Moss" out of "Ridgeline Rain Shell – S / Moss"; nothing when it says no more than the title. */
function variantLabel(title: string, variantTitle: string): string {
  const prefix = `${title} – `;
  const label = variantTitle.startsWith(prefix) ? variantTitle.slice(prefix.length) : variantTitle;
  return label === title ? '' : label;
}

/** Shows an image again once one loads (a line's picture may change product), hides one that fails. */
const loaded = (event: Event) => ((event.target as HTMLImageElement).hidden = false);
const failed = (event: Event) => ((event.target as HTMLImageElement).hidden = true);

/** A product's picture beside its title: decorative (its title is next to it); an empty frame without one. */
function thumb(url: string | null) {
  return html`<span class="thumb">${
    url ? html`<img src=${url} alt="" loading="lazy" decoding="async" @load=${loaded} @error=${failed} />` : nothing
  }</span>`;
}

/** `aria-disabled` while a change runs: the control keeps its focus, and its action waits or is dropped. */
const busyAttribute = (busy: boolean) => (busy ? 'true' : nothing);

function renderLine(host: DrawerHost, cart: Cart, line: CartLine) {
  const name = lineName(cart, line);
  const variant = variantLabel(line.product.title, line.variant.title);
  const busy = host.drawerBusy;
  // The line's controls are named as they read ("Remove"); the group names the line they act on.
  return html`<li class="line"><div class="line-group" role="group" aria-label=${name}>
    <div class="line-head">
      ${thumb(host.store?.images.of(line.product.productId) ?? null)}
      <div>
        <div class="line-title">${line.product.title}</div>
        ${variant ? html`<div class="line-meta">${variant}</div>` : nothing}
        <div class="line-meta">Unit price ${line.variant.price.displayValue}</div>
      </div>
    </div>
    ${line.variant.isAvailable ? nothing : html`<p class="line-warning">Not available in this quantity.</p>`}
    <div class="line-controls">
      <div class="stepper">
        <button
          type="button"
          aria-label=${`Decrease quantity of ${name}`}
          ?disabled=${line.quantity <= 1}
          aria-disabled=${busyAttribute(busy)}
          @click=${() => host.changeQuantity(line.variant.variantId, line.quantity - 1)}
        >−</button>
        <span class="qty"><span class="sr">Quantity </span>${line.quantity}</span>
        <button
          type="button"
          aria-label=${`Increase quantity of ${name}`}
          ?disabled=${line.quantity >= 999}
          aria-disabled=${busyAttribute(busy)}
          @click=${() => host.changeQuantity(line.variant.variantId, line.quantity + 1)}
        >+</button>
      </div>
      <button
        type="button"
        class="remove"
        aria-disabled=${busyAttribute(busy)}
        @click=${() => host.removeLine(line.variant.variantId)}
      >Remove</button>
    </div>
  </div></li>`;
}

function renderStore(host: DrawerHost, cart: Cart, entry: StoreEntry, index: number) {
  const estimated = cart.cost.isEstimated;
  // The method being sent, else the cart's; `live`: the radios show it even where the DOM was left otherwise.
  const selected = host.shippingChoice[entry.store] ?? entry.offer.selectedShippingMethod?.code;
  return html`<section class="store" aria-labelledby=${`store-${index}`}>
    <h3 id=${`store-${index}`}>${entry.storeName}</h3>
    <ul class="lines">
      ${entry.cartLines.map((line) => renderLine(host, cart, line))}
    </ul>
    ${
      entry.offer.shippingMethods.length
        ? html`<fieldset>
          <legend>Shipping for ${entry.storeName}</legend>
          ${entry.offer.shippingMethods.map(
            (method) => html`<label class="radio">
              <input
                type="radio"
                name=${`shipping-${index}`}
                value=${method.code}
                .checked=${live(method.code === selected)}
                @change=${() => host.chooseShipping(entry.store, method.code)}
              />
              <span>${method.label}: ${method.price.displayValue}</span>
            </label>`,
          )}
          <p class="hint">Before tax: the tax on shipping is in the Tax line.</p>
        </fieldset>`
        : nothing
    }
    <dl class="costs">
      <dt>Subtotal</dt>
      <dd>${entry.offer.subtotal.displayValue}</dd>
      <dt>Shipping</dt>
      <dd>${entry.offer.shipping.displayValue}</dd>
      <dt>${estimated ? 'Estimated tax' : 'Tax'}</dt>
      <dd>${entry.offer.tax.displayValue}</dd>
      ${entry.offer.discounts.length ? html`<dt>Discount</dt><dd>−${entry.offer.discount.displayValue}</dd>` : nothing}
    </dl>
  </section>`;
}

/**
 * The cart's discount codes (each with Remove), a field to add one, and the cart's notices (a code
 * that does not apply says why).
 */
function renderCodes(host: DrawerHost, cart: Cart) {
  const apply = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const code = String(new FormData(form).get('code') ?? '').trim();
    if (!code || host.drawerBusy) return;
    await host.applyCode(code);
    if (!host.drawerError) form.reset();
  };
  return html`<section class="codes" aria-labelledby="codes-title">
    <h3 id="codes-title">Discounts</h3>
    ${
      cart.discountCodes.length
        ? html`<ul class="code-list">
          ${cart.discountCodes.map(
            (entry) => html`<li>
              <span class="code">${entry.code}</span>
              <span class="hint">${entry.applicable ? 'Applied' : 'Not applied'}</span>
              <button
                type="button"
                class="remove"
                aria-label=${`Remove code ${entry.code}`}
                aria-disabled=${busyAttribute(host.drawerBusy)}
                @click=${() => host.removeCode(entry.code)}
              >Remove</button>
            </li>`,
          )}
        </ul>`
        : nothing
    }
    <form class="code-form" novalidate @submit=${apply}>
      <label for="discount-code">Discount code</label>
      <input id="discount-code" name="code" autocomplete="off" maxlength="64" />
      <button type="submit" aria-disabled=${busyAttribute(host.drawerBusy)}>Apply</button>
    </form>
    ${
      cart.warnings.length
        ? html`<section class="notices" aria-labelledby="notices-title">
          <h4 id="notices-title">Notices</h4>
          <ul>
            ${cart.warnings.map(
              (warning) => html`<li data-code=${warning.code}>${inStoreNames(cart.stores, warning)}</li>`,
            )}
          </ul>
        </section>`
        : nothing
    }
  </section>`;
}

function renderBuyerForm(host: DrawerHost, cart: Cart) {
  const errors = host.fieldErrors;
  return html`<form novalidate @submit=${(event: Event) => host.placeOrder(event)} aria-labelledby="buyer-title">
    <h3 id="buyer-title">Delivery details</h3>
    <div class="grid-2">
      ${buyerFields.map(({ field, type, autocomplete, required, wide }) => {
        const id = `buyer-${field}`;
        const error = errors[field];
        return html`<div class="field ${wide ? 'wide' : ''}">
          <label for=${id}>${fieldLabels[field]}</label>
          <input
            id=${id}
            name=${field}
            type=${type}
            autocomplete=${autocomplete}
            maxlength=${field === 'countryCode' ? 2 : 255}
            ?required=${required}
            aria-required=${required ? 'true' : 'false'}
            aria-invalid=${error ? 'true' : 'false'}
            aria-describedby=${error ? `${id}-error` : field === 'countryCode' ? `${id}-hint` : nothing}
            .value=${host.buyer[field]}
            @input=${(event: Event) => host.editBuyer(field, (event.target as HTMLInputElement).value)}
            @blur=${() => host.sendBuyer()}
          />
          ${
            field === 'countryCode' && !error
              ? html`<p class="hint" id=${`${id}-hint`}>Two-letter code, such as US</p>`
              : nothing
          }
          ${error ? html`<p class="field-error" id=${`${id}-error`}>${error}</p>` : nothing}
        </div>`;
      })}
    </div>
    ${host.orderError ? html`<p role="alert">${host.orderError.message}</p>` : nothing}
    <button type="submit" class="primary" aria-disabled=${busyAttribute(host.drawerBusy)}>
      Place order · ${cart.cost.total.displayValue}
    </button>
  </form>`;
}

function renderOrderLine(line: OrderLine, images: ProductImages | undefined) {
  const variant = variantLabel(line.title, line.variantTitle);
  return html`<li>
    ${thumb(images?.of(line.productId) ?? null)}
    <div>
      <div class="line-title">${line.title}</div>
      <div class="line-meta">${variant ? `${variant} · ` : ''}Quantity ${line.quantity}</div>
    </div>
    <span class="amount">${line.lineTotal.displayValue}</span>
  </li>`;
}

/** One order of a confirmation: its store and number, its lines, its total, its status followed live. */
function renderOrder(order: Order, level: 2 | 3, images: ProductImages | undefined) {
  const status = statusWords[order.status] ?? order.status;
  const id = `order-${order.id}`;
  const title = `${order.storeName} — order #${order.orderNumber}`;
  return html`<article class="order" aria-labelledby=${id}>
    ${level === 2 ? html`<h3 id=${id}>${title}</h3>` : html`<h4 id=${id}>${title}</h4>`}
    ${
      order.lines.length
        ? html`<ul class="order-lines">
          ${order.lines.map((line) => renderOrderLine(line, images))}
        </ul>`
        : nothing
    }
    ${
      order.cost
        ? html`<p class="order-total"><span>Total</span> <span>${order.cost.total.displayValue}</span></p>`
        : nothing
    }
    <p class="order-status" role="status" aria-live="polite" data-status=${order.status}>Status: ${status}</p>
    ${
      order.requiredActions.length
        ? html`<ul>
          ${order.requiredActions.map((action) => html`<li>${action.description}</li>`)}
        </ul>`
        : nothing
    }
  </article>`;
}

/** The orders of a submitted cart; `level` is its heading's (each order's is one more). */
export function renderConfirmation(
  confirmation: Confirmation,
  headingId: string,
  level: 2 | 3,
  images: ProductImages | undefined,
) {
  const one = confirmation.orders.length === 1;
  const title = one ? 'Your order' : 'Your orders';
  const confirms = one ? 'The store confirms the order' : 'Each store confirms its own order';
  return html`<section class="confirmation" aria-labelledby=${headingId}>
    ${
      level === 2
        ? html`<h2 id=${headingId} tabindex="-1">${title}</h2>`
        : html`<h3 id=${headingId} tabindex="-1">${title}</h3>`
    }
    <p class="hint">Thank you! ${confirms}; the status below follows it.</p>
    ${confirmation.orders.map((order) => renderOrder(order, level, images))}
    ${
      confirmation.liveError
        ? html`<p role="alert">Live status updates stopped: ${confirmation.liveError.message}</p>`
        : nothing
    }
  </section>`;
}

export function renderDrawer(host: DrawerHost) {
  if (!host.drawerOpen) return nothing;
  const state = host.store?.state;
  const cart = state?.cart ?? null;
  const lines = cart ? cart.stores.reduce((count, entry) => count + entry.cartLines.length, 0) : 0;
  const error = state?.error ?? null;
  return html`<div class="dialog-body">
    <div class="dialog-head">
      <h2 id="cart-title">Cart</h2>
      <button type="button" class="close" @click=${() => host.closeDrawer()}>Close</button>
    </div>
    ${error ? html`<p role="alert">${error.message}</p>` : nothing}
    ${host.drawerError ? html`<p role="alert">${host.drawerError.message}</p>` : nothing}
    ${
      state?.confirmation
        ? renderConfirmation(state.confirmation, 'drawer-confirmation', 3, host.store?.images)
        : nothing
    }
    ${
      cart && lines > 0
        ? html`${cart.stores.map((entry, index) => renderStore(host, cart, entry, index))} ${renderCodes(host, cart)}
          <section aria-labelledby="totals-title">
            <h3 id="totals-title" class="sr">Order total</h3>
            <dl class="costs">
              <dt>Subtotal</dt>
              <dd>${cart.cost.subtotal.displayValue}</dd>
              <dt>Shipping</dt>
              <dd>${cart.cost.shipping.displayValue}</dd>
              <dt>${cart.cost.isEstimated ? 'Estimated tax' : 'Tax'}</dt>
              <dd>${cart.cost.tax.displayValue}</dd>
              ${
                cart.discountCodes.some((entry) => entry.applicable) ||
                cart.stores.some((entry) => entry.offer.discounts.length)
                  ? html`<dt>Discount</dt>
                    <dd>−${cart.cost.discount.displayValue}</dd>`
                  : nothing
              }
              <dt class="total">${cart.cost.isEstimated ? 'Estimated total' : 'Total'}</dt>
              <dd class="total">${cart.cost.total.displayValue}</dd>
            </dl>
            ${
              cart.cost.isEstimated
                ? html`<p class="estimate-note">Taxes are estimates until your address is known.</p>`
                : nothing
            }
          </section>
          ${renderBuyerForm(host, cart)}`
        : state?.loading
          ? html`<p class="loading" role="status">Loading your cart…</p>`
          : state?.confirmation
            ? nothing
            : html`<p>Your cart is empty.</p>`
    }
  </div>`;
}
