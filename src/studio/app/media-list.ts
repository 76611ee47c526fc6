// <studio-media-list>: the gateway's media items, newest first (GET /media), searched by slug and
// alt text as the merchant types (q), a page at a time ("More", from page_info.end_cursor). Each
// item is a button named by its slug, with its thumbnail (the image, or the video's poster)
// beside the name, decorative; it opens the item's editor, and "Performance" beside it the item's
// figures. "Rank by" shows the list ranked by a figure over dates instead (ranking.ts). The items
// are keyed by id: a click that lands while a search's answer redraws the list opens the item it
// was aimed at, never the one drawn into the same place; the list is busy from the first key.
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { MediaItem, RankingSort, StudioApi } from './api.js';
import { defaultRange } from './date-range.js';
import { go, say, type Ranked } from './events.js';
import { LatestRequest } from './latest.js';
import { sortNames } from './ranking.js';

const searchDelayMs = 250;

export function mediaSummary(media: MediaItem): string {
  const what = media.type === 'video' ? 'Video' : 'Image';
  // No break inside a size or a length ("12.0 s" is not split at its space).
  const length = media.duration_ms ? ` · ${(media.duration_ms / 1000).toFixed(1)}\u00a0s` : '';
  const size = media.width && media.height ? ` · ${media.width}\u00a0×\u00a0${media.height}` : '';
  return `${what}${size}${length}`;
}

export class StudioMediaList extends LitElement {
  static override properties = {
    items: { state: true },
    nextCursor: { state: true },
    loading: { state: true },
    error: { state: true },
    query: { state: true },
    rank: { state: true },
  };

  declare items: MediaItem[];
  declare nextCursor: string | null;
  declare loading: boolean;
  declare error: string;
  declare query: string;
  /** Ranked by a figure (null: newest first, searched). */
  declare rank: Ranked | null;
  api!: StudioApi;
  keysRequired = true;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly request = new LatestRequest(this);

  constructor() {
    super();
    this.items = [];
    this.nextCursor = null;
    this.loading = false;
    this.error = '';
    this.query = '';
    this.rank = null;
  }

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback() {
    super.connectedCallback();
    if (!this.rank) void this.load(false);
  }

  protected override updated(changed: PropertyValues<this>) {
    // Back from the ranking: the newest first again.
    if (changed.has('rank') && changed.get('rank') && !this.rank) void this.load(false);
  }

  private onRankBy(event: Event) {
    const sort = (event.currentTarget as HTMLSelectElement).value as RankingSort | '';
    this.rank = sort ? { sort, range: this.rank?.range ?? defaultRange() } : null;
    say(this, sort ? `Ranked by ${sortNames[sort].toLowerCase()}.` : 'Newest first.');
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  /** The first page for the query (`more`: the next page, after those shown). */
  async load(more: boolean) {
    await this.request.run(async (signal) => {
      const page = await this.api.listMedia(this.query, more ? this.nextCursor : null, signal);
      const shown = more ? this.items.length : 0;
      this.items = more ? [...this.items, ...page.media] : page.media;
      this.nextCursor = page.page_info.has_next_page ? page.page_info.end_cursor : null;
      if (!more) return;
      say(this, `${this.items.length} media items shown.`);
      // The first item of the new page takes the focus ("More" may be gone).
      await this.updateComplete;
      this.querySelectorAll<HTMLElement>('.media-card')[shown]?.focus();
    });
  }

  private onSearch(event: Event) {
    this.query = (event.currentTarget as HTMLInputElement).value;
    // Busy from the first key: the items shown are about to be replaced by the query's.
    this.request.soon();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.load(false), searchDelayMs);
  }

  override render() {
    return html`<section aria-labelledby="media-title">
      <div class="list-head">
        <h2 id="media-title" tabindex="-1">Media</h2>
        <button class="primary" type="button" @click=${() => go(this, { name: 'new' })}>New media</button>
      </div>
      ${
        this.keysRequired
          ? nothing
          : html`<p class="hint">
            This gateway has no API keys: anyone who can reach it may change its media. Set API_KEYS before it faces
            the internet.
          </p>`
      }
      <div class="list-tools">
        <div class="rank-by">
          <label for="rank-by">Rank by</label>
          <select id="rank-by" @change=${this.onRankBy} aria-describedby="rank-by-hint">
            <option value="" ?selected=${!this.rank}>Nothing: newest first</option>
            ${Object.entries(sortNames).map(
              ([sort, name]) => html`<option value=${sort} ?selected=${this.rank?.sort === sort}>${name}</option>`,
            )}
          </select>
          <p class="hint" id="rank-by-hint">Ranks the media by a figure over the dates you choose.</p>
        </div>
        ${this.rank ? nothing : this.renderSearch()}
      </div>
      ${
        this.rank
          ? html`<studio-ranking .api=${this.api} .sort=${this.rank.sort} .range=${this.rank.range}></studio-ranking>`
          : this.renderList()
      }
    </section>`;
  }

  private renderSearch() {
    return html`<div class="search">
        <label for="media-search">Search media</label>
        <input
          id="media-search"
          type="search"
          autocomplete="off"
          .value=${this.query}
          aria-describedby="media-search-hint"
          @input=${this.onSearch}
        />
        <p class="hint" id="media-search-hint">By slug or alt text.</p>
      </div>`;
  }

  private renderList() {
    return html`${this.error ? html`<div class="alert" role="alert"><p>${this.error}</p></div>` : nothing}
      <ul class="media-grid" aria-labelledby="media-title" aria-busy=${this.loading ? 'true' : 'false'}>
        ${repeat(
          this.items,
          (media) => media.id,
          (media) => this.renderItem(media),
        )}
      </ul>
      ${this.renderFooter()}`;
  }

  private renderItem(media: MediaItem) {
    const thumbnail = media.type === 'image' ? media.url : media.poster_url;
    return html`<li>
      <button type="button" class="media-card" @click=${() => go(this, { name: 'editor', media })}>
        ${
          thumbnail
            ? html`<img
                src=${thumbnail}
                alt=""
                loading="lazy"
                width=${media.width ?? nothing}
                height=${media.height ?? nothing}
              />`
            : html`<span class="no-thumbnail"></span>`
        }
        <span>${media.slug}</span>
      </button>
      <p class="media-meta">${mediaSummary(media)}</p>
      <button
        type="button"
        class="small"
        @click=${() => go(this, { name: 'performance', media, item: media, back: { name: 'list' } })}
      >
        Performance<span class="sr"> of ${media.slug}</span>
      </button>
    </li>`;
  }

  private renderFooter() {
    if (this.loading && this.items.length === 0) return html`<p>Loading the media…</p>`;
    if (!this.loading && !this.error && this.items.length === 0)
      return html`<p>
        ${
          this.query.trim()
            ? `No media item's slug or alt text holds “${this.query.trim()}”.`
            : 'No media yet: add the first with New media.'
        }
      </p>`;
    if (!this.nextCursor) return nothing;
    const more = () => {
      if (!this.loading) void this.load(true);
    };
    return html`<button type="button" aria-disabled=${this.loading ? 'true' : 'false'} @click=${more}>More</button>`;
  }
}
