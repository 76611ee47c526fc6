// The media itself, as the element shows it: an image with a hotspot button per placed product
// (at its x/y, named by the product's title), or a video with cards of the products placed at the
// current moment and the list of all its products. Every button opens the product panel through
// the host (host.ts), which also keeps the video's playback position.
import { html, nothing } from 'lit';
import type { Media, Placement, Product } from './api.js';
import type { MediaHost } from './host.js';
import { place, priceOf } from './product.js';

/** The media's accessible name: its slug in words. */
const mediaName = (media: Media) => media.slug.replace(/[-_]+/g, ' ');

export function renderImage(host: MediaHost, media: Media) {
  const byId = new Map(media.products.map((product) => [product.id, product]));
  const hotspots = media.placements.filter(
    (placement) => placement.x !== null && placement.y !== null && byId.has(placement.product.id),
  );
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
    ${hotspots.map((placement) => {
      const product = byId.get(placement.product.id);
      if (!product) return nothing;
      return html`<button
        type="button"
        class="hotspot"
        ${place(placement.x ?? 0, placement.y ?? 0)}
        aria-label=${product.title}
        aria-haspopup="dialog"
        aria-expanded=${host.panel?.placementId === placement.id ? 'true' : 'false'}
        data-placement-id=${placement.id}
        data-product-id=${product.id}
        @click=${(event: Event) => host.openProduct(product.id, placement.id, event.currentTarget as HTMLElement)}
      >
        <span class="tip" aria-hidden="true">${product.title}</span>
      </button>`;
    })}
  </div>`;
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
    <span class="card-meta">${product.brand ? `${product.brand} · ` : ''}${priceOf(product, undefined)}</span>
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

export function renderVideo(host: MediaHost, media: Media) {
  const shown = shownAt(media, host.currentMs);
  return html`<div class="frame">
      <video
        controls
        playsinline
        muted
        .muted=${true}
        preload="metadata"
        src=${media.url ? host.api.resolve(media.url) : nothing}
        poster=${media.posterUrl ? host.api.resolve(media.posterUrl) : nothing}
        width=${media.width ?? nothing}
        height=${media.height ?? nothing}
        aria-label=${mediaName(media)}
        @timeupdate=${onTime}
        @seeked=${onTime}
      ></video>
    </div>
    <section class="cards" aria-labelledby="cards-title">
      <h2 id="cards-title" class="section-title">Products in this moment</h2>
      ${
        shown.length
          ? html`<ul>
            ${shown.map(({ placement, product }) => productButton(host, product, placement.id, 'card'))}
          </ul>`
          : html`<p class="empty">None just now.</p>`
      }
    </section>
    <section class="products" aria-labelledby="products-title">
      <h2 id="products-title" class="section-title">Products in this video</h2>
      <ul>
        ${media.products.map((product) => productButton(host, product, null, 'product-item'))}
      </ul>
    </section>`;
}
