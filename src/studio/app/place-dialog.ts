// <studio-place-dialog>: the dialog "Place a product" (a native modal <dialog>), opened by a click on
// the media: a searchbox "Search products" on the catalog search (GET /search/products, as the
// merchant types, after a pause), and the results as buttons named by the products' titles.
// Choosing one tells the editor (studio-choose); Escape or "Cancel" closes it without a choice
// (studio-place-cancel). Its searchbox has the focus while it is open; the editor decides where
// the focus goes after.
import { LitElement, html, nothing } from 'lit';
import { StudioError, type ProductSummary, type StudioApi } from './api.js';
import { LatestRequest } from './latest.js';

const searchDelayMs = 250;
/** Tries of a search answered 503 while the index is built, after its Retry-After. */
const searchTries = 4;

function priceOf(product: ProductSummary): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: product.currency }).format(product.price);
  } catch {
    return `${product.price} ${product.currency}`;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class StudioPlaceDialog extends LitElement {
  static override properties = {
    results: { state: true },
    loading: { state: true },
    error: { state: true },
  };

  declare results: ProductSummary[] | null;
  /** How many products the search matched in all (the results are the first of them). */
  private total = 0;
  /** Whether a search is on its way. */
  declare loading: boolean;
  declare error: string;
  api!: StudioApi;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly request = new LatestRequest(this);
  private chosen = false;

  constructor() {
    super();
    this.results = null;
    this.loading = false;
    this.error = '';
  }

  protected override createRenderRoot() {
    return this;
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  private get dialog(): HTMLDialogElement {
    return this.querySelector<HTMLDialogElement>('dialog')!;
  }

  private get searchbox(): HTMLInputElement {
    return this.querySelector<HTMLInputElement>('#product-search')!;
  }

  async open() {
    await this.updateComplete;
    if (this.dialog.open) return;
    this.chosen = false;
    this.dialog.showModal();
    this.searchbox.focus();
    this.searchbox.select();
    void this.search();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  private onClosed() {
    clearTimeout(this.timer);
    this.request.abort();
    if (!this.chosen) this.dispatchEvent(new CustomEvent('studio-place-cancel', { bubbles: true }));
  }

  /** Escape closes the dialog at once, even from a searchbox holding text (which Escape would only clear). */
  private onKeydown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    this.close();
  }

  private choose(product: ProductSummary) {
    this.chosen = true;
    this.close();
    this.dispatchEvent(new CustomEvent('studio-choose', { detail: product, bubbles: true }));
  }

  private onInput() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.search(), searchDelayMs);
  }

  private async search() {
    await this.request.run(async (signal) => {
      const found = await this.searchWhenReady(this.searchbox.value, signal);
      this.total = found.total;
      this.results = found.products;
    });
  }

  /** The search, tried again after its Retry-After while the gateway builds its index (503). */
  private async searchWhenReady(
    query: string,
    signal: AbortSignal,
  ): Promise<{ products: ProductSummary[]; total: number }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.api.searchProducts(query, signal);
      } catch (error) {
        if (!(error instanceof StudioError) || error.status !== 503 || attempt >= searchTries) throw error;
        this.error = 'The catalog search is getting ready: trying again…';
        await wait((error.retryAfter ?? 1) * 1000);
        if (signal.aborted) throw error;
      }
    }
  }

  override render() {
    return html`<dialog
      class="place"
      aria-labelledby="place-title"
      aria-describedby="place-hint"
      @close=${this.onClosed}
      @keydown=${this.onKeydown}
    >
      <h2 id="place-title">Place a product</h2>
      <p class="hint" id="place-hint">Find the product shown where you clicked, then choose it.</p>
      <label for="product-search">Search products</label>
      <input
        id="product-search"
        type="search"
        autocomplete="off"
        spellcheck="false"
        aria-controls="product-results"
        @input=${this.onInput}
      />
      <p class="hint" aria-live="polite">${this.found()}</p>
      ${this.error ? html`<div class="alert" role="alert"><p>${this.error}</p></div>` : nothing}
      <ul
        class="results"
        id="product-results"
        aria-label="Products found"
        aria-busy=${this.loading ? 'true' : 'false'}
      >
        ${(this.results ?? []).map((product) => this.renderResult(product))}
      </ul>
      <div class="actions">
        <button type="button" @click=${() => this.close()}>Cancel</button>
      </div>
    </dialog>`;
  }

  private found(): string {
    if (this.results === null) return this.loading ? 'Searching…' : '';
    if (this.results.length === 0) return 'No product found: try other words.';
    if (this.total > this.results.length)
      return `${this.total} products found, the first ${this.results.length} shown: type words to narrow them.`;
    return `${this.results.length === 1 ? 'One product' : `${this.results.length} products`} found.`;
  }

  private renderResult(product: ProductSummary) {
    const picture = product.images[0];
    return html`<li>
      ${picture ? html`<img src=${picture} alt="" loading="lazy" />` : html`<span class="no-picture"></span>`}
      <button type="button" @click=${() => this.choose(product)}>${product.title}</button>
      <span class="price">${product.brand ? `${product.brand} · ` : ''}${priceOf(product)}</span>
    </li>`;
  }
}
