// The product panel's content (inside the element's <dialog class="panel">): title, the
// product's first picture, brand, price, one labelled <select> per variant option (values without a
// sellable SKU disabled), quantity, and "Add to cart", disabled until a full, sellable variant is
// chosen. A product in another currency than the cart's says at once that it cannot join this cart,
// its choices disabled. It sees the element as a PanelHost (host.ts).
import { html, nothing } from 'lit';
import type { Product, Sku, VariantOption } from './api.js';
import type { PanelHost } from './host.js';
import { canChoose, chosenSku, foreignCurrency, isSellable, optionsOf, priceOf } from './product.js';

/** The product's first picture, beside its title and price (which say what it is: no alt text of its own). */
function picture(host: PanelHost, product: Product) {
  const url = product.images[0];
  if (!url) return nothing;
  return html`<img
    class="panel-picture"
    src=${host.api.resolve(url)}
    alt=""
    width="300"
    height="300"
    @error=${(event: Event) => ((event.currentTarget as HTMLImageElement).hidden = true)}
  />`;
}

/** Picture, brand and price; and, for a product of another currency than the cart's, why it cannot join it. */
function summary(host: PanelHost, product: Product, sku: Sku | undefined, foreign: string | null) {
  return html`<div class="panel-summary">
      ${picture(host, product)}
      <div>
        ${product.brand ? html`<p class="brand">${product.brand}</p>` : nothing}
        <p class="price"><span class="sr">Price </span>${priceOf(product, sku)}</p>
      </div>
    </div>
    ${
      foreign
        ? html`<p class="currency-note" id="panel-currency">
          This product is priced in ${foreign}; your cart is in ${host.cartCurrency}: it cannot be added to this
          cart. Place the order for your cart first, then add it.
        </p>`
        : nothing
    }`;
}

/** An option's labelled <select>: its values, those without a sellable SKU disabled. */
function optionField(host: PanelHost, product: Product, option: VariantOption, index: number, disabled: boolean) {
  const id = `option-${index}`;
  const selection = host.selection;
  const chosen = selection[option.name] ?? '';
  return html`<div class="field">
    <label for=${id}>${option.name}</label>
    <select
      id=${id}
      ?disabled=${disabled}
      .value=${chosen}
      @change=${(event: Event) => host.choose(option.name, (event.target as HTMLSelectElement).value)}
    >
      <option value="" ?selected=${chosen === ''}>Choose ${option.name.toLowerCase()}</option>
      ${option.values.map((value) => {
        const available = canChoose(product, selection, option.name, value);
        const label = available ? value : `${value} (sold out)`;
        return html`<option value=${value} ?selected=${chosen === value} ?disabled=${!available}>${label}</option>`;
      })}
    </select>
  </div>`;
}

export function renderPanel(host: PanelHost) {
  const open = host.panel;
  if (!open) return nothing;
  const { product } = open;
  const selection = host.selection;
  const options = optionsOf(product);
  const sku = chosenSku(product, selection);
  const sellable = sku !== undefined && isSellable(product, sku);
  const max = sku ? Math.min(999, sku.qtyAvailable) : 999;
  const quantityOk = Number.isInteger(host.quantity) && host.quantity >= 1 && host.quantity <= max;
  const missing = options.filter((option) => !selection[option.name]).map((option) => option.name.toLowerCase());
  const foreign = foreignCurrency(product, host.cartCurrency);
  let hint = '';
  // A product of another currency says why under its price, and nothing else here.
  if (foreign) hint = '';
  else if (!product.isAvailable || !product.skus.some((each) => isSellable(product, each))) hint = 'Sold out.';
  else if (missing.length) hint = `Choose ${missing.join(' and ')}.`;
  else if (!sku) hint = 'This combination is not sold.';
  else if (!sellable) hint = 'This option is sold out.';
  else if (!quantityOk) hint = `Enter a quantity from 1 to ${max}.`;
  else if (sku.qtyAvailable <= 5) hint = `Only ${sku.qtyAvailable} left.`;

  return html`
    <div class="dialog-body">
      <div class="dialog-head">
        <h2 id="panel-title">${product.title}</h2>
        <button type="button" class="close" @click=${() => host.closePanel()}>Close</button>
      </div>
      ${summary(host, product, sku, foreign)}
      <form novalidate @submit=${(event: Event) => host.addToCart(event)}>
        ${options.map((option, index) => optionField(host, product, option, index, foreign !== null))}
        <div class="field">
          <label for="quantity">Quantity</label>
          <input
            id="quantity"
            type="number"
            inputmode="numeric"
            min="1"
            max=${max}
            step="1"
            .value=${Number.isNaN(host.quantity) ? '' : String(host.quantity)}
            ?disabled=${foreign !== null}
            aria-describedby="panel-hint"
            @input=${(event: Event) => host.setQuantity((event.target as HTMLInputElement).value)}
          />
        </div>
        <p class="hint" id="panel-hint" aria-live="polite">${hint}</p>
        ${host.panelError ? html`<p role="alert">${host.panelError.message}</p>` : nothing}
        <button
          type="submit"
          class="primary"
          ?disabled=${foreign !== null || !sellable || !quantityOk || host.panelBusy}
          aria-describedby=${foreign ? 'panel-currency' : nothing}
        >Add to cart</button>
      </form>
    </div>
  `;
}
