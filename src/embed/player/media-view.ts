// The media itself, as the element shows it: an image with a numbered hotspot button per placed
// product (at its x/y, named by its number and the product's title, "1. Ridgeline Rain Shell": the
// name holds what it shows, as speech input needs) and, under it, the legend of those numbers
// (title, brand and price, always shown); or a video (with its captions) with cards of the products
// placed at the current moment over its top left corner, and the list of all its products under it.
// Every button opens the product panel through the host (host.ts), which also keeps the video's
// playback position.
import { html, nothing } from 'lit';
import type { Media, Placement, Product } from './api.js';
import type { MediaHost } from './host.js';
import { place, priceOf } from './product.js';

/** "a, b and c". */
function listed(words: string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** The media's text alternative: its alt text, else what it is and the products it shows. */
export function mediaName(media: Media): string {
  const alt = media.alt?.trim();
  if (alt) return alt;
  const what = media.kind === 'VIDEO' ? 'A video' : 'A picture';
  const titles = listed(media.products.map((product) => product.title));
  return titles ? `${what} showing ${titles}` : what;
}

/** Whether a URL is on another origin than the page's (a track from there loads only in CORS mode). */
function crossOrigin(url: string): boolean {
  try {
    return new URL(url, location.href).origin !== location.origin;
  } catch {
    return false;
  }
}

const meta = (product: Product) => `${product.brand ? `${product.brand} · ` : ''}${priceOf(product, undefined)}`;

export function renderImage(host: MediaHost, media: Media) {
  const byId = new Map(media.products.map((product) => [product.id, product]));
  const hotspots = media.placements.flatMap((placement) => {
    const product = byId.get(placement.product.id);
    return placement.x !== null && placement.y !== null && product ? [{ placement, product }] : [];
  });
  const open = (product: Product, placement: Placement, trigger: HTMLElement | null) =>
    host.openProduct(product.id, placement.id, trigger);
  return html`<div class="frame">
      ${
        media.url
          ? html`<img
            src=${host.api.resolve(media.url)}
            width=${media.width ?? nothing}
            height=${media.height ?? nothing}
            alt=${mediaName(media)}
          />`
          : nothing
      }
      ${hotspots.map(
        ({ placement, product }, index) => html`<button
          type="button"
          class="hotspot"
          ${place(placement.x ?? 0, placement.y ?? 0)}
          aria-label=${`${index + 1}. ${product.title}`}
          aria-haspopup="dialog"
          aria-expanded=${host.panel?.placementId === placement.id ? 'true' : 'false'}
          data-placement-id=${placement.id}
          data-product-id=${product.id}
          @click=${(event: Event) => open(product, placement, event.currentTarget as HTMLElement)}
        >
          <span class="number" aria-hidden="true">${index + 1}</span>
          <span class="tip" aria-hidden="true">${product.title}</span>
        </button>`,
      )}
    </div>
    ${
      hotspots.length
        ? html`<ol class="legend" aria-label="In this picture">
          ${hotspots.map(
            // A click on an entry opens its product as its hotspot does (the hotspot is the control
            // that keyboards and screen readers use: one button per product).
            ({ placement, product }, index) => html`<li
              @click=${(event: Event) => {
                const root = (event.currentTarget as HTMLElement).getRootNode() as ParentNode;
                open(product, placement, root.querySelector(`[data-placement-id="${CSS.escape(placement.id)}"]`));
              }}
            >
              <span class="number" aria-hidden="true">${index + 1}</span>
              <span class="legend-title">${product.title}</span>
              <span class="card-meta">${meta(product)}</span>
            </li>`,
          )}
        </ol>`
        : nothing
    }`;
}

/** The video's position, kept by the host (Lit calls a listener with the host as `this`). */
function onTime(this: MediaHost, event: Event) {
  const video = event.currentTarget as HTMLVideoElement;
  this.currentMs = Math.floor(video.currentTime * 1000);
}

/**
 * A product's card (class "card", while its placement plays) or list item (class
 * "product-item"): a button named by the title exactly, with brand and price beside it; the
 * button covers the whole box, so all of it opens the panel.
 */
function productButton(host: MediaHost, product: Product, placementId: string | null, className: string) {
  return html`<li class="product-box ${className}-box">
    <button
      type="button"
      class=${className}
      aria-haspopup="dialog"
      data-product-id=${placementId ? nothing : product.id}
      data-placement-id=${placementId ?? nothing}
      @click=${(event: Event) => host.openProduct(product.id, placementId, event.currentTarget as HTMLElement)}
    >${product.title}</button>
    <span class="card-meta">${meta(product)}</span>
  </li>`;
}

/** The products placed at `now` (ms into the video), each once, in placement order. */
function shownAt(media: Media, now: number): { placement: Placement; product: Product }[] {
  const byId = new Map(media.products.map((product) => [product.id, product]));
  const shown: { placement: Placement; product: Product }[] = [];
  for (const placement of media.placements) {
    const product = byId.get(placement.product.id);
    if (!product || shown.some((each) => each.product.id === product.id)) continue;
    if ((placement.startMs ?? 0) <= now && (placement.endMs === null || now < placement.endMs))
      shown.push({ placement, product });
  }
  return shown;
}

/** The video's captions track, labelled in the page's language (the API does not say theirs). */
function captions(url: string | null) {
  if (!url) return nothing;
  const language = document.documentElement.lang || 'en';
  return html`<track kind="captions" src=${url} srclang=${language} label="Captions" default />`;
}

export function renderVideo(host: MediaHost, media: Media) {
  const shown = shownAt(media, host.currentMs);
  const captionsUrl = media.captionsUrl ? host.api.resolve(media.captionsUrl) : null;
  return html`<div class="frame">
      <video
        controls
        playsinline
        muted
        .muted=${true}
        preload="metadata"
        crossorigin=${captionsUrl && crossOrigin(captionsUrl) ? 'anonymous' : nothing}
        src=${media.url ? host.api.resolve(media.url) : nothing}
        poster=${media.posterUrl ? host.api.resolve(media.posterUrl) : nothing}
        width=${media.width ?? nothing}
        height=${media.height ?? nothing}
        aria-label=${mediaName(media)}
        @timeupdate=${onTime}
        @seeked=${onTime}
        @play=${() => host.played()}
      >${captions(captionsUrl)}</video>
      <section class="cards" aria-labelledby="cards-title">
        <h2 id="cards-title" class="sr">Products in this moment</h2>
        ${
          shown.length
            ? html`<ul>
              ${shown.map(({ placement, product }) => productButton(host, product, placement.id, 'card'))}
            </ul>`
            : html`<p class="sr">None just now.</p>`
        }
      </section>
    </div>
    <section class="products" aria-labelledby="products-title">
      <h2 id="products-title" class="section-title">Products in this video</h2>
      <ul>
        ${media.products.map((product) => productButton(host, product, null, 'product-item'))}
      </ul>
    </section>`;
}
