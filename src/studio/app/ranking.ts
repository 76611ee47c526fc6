// <studio-ranking>: the media list ranked by impressions, hotspot openings, carts or orders over a
// date range (GET /analytics/media, docs/analytics.md), most first, as the gateway orders them: an
// ordered list of the media items, each with its figures (the one ranked by in bold), a page at a
// time ("More"). Each media item's slug opens its performance, which goes back to this ranking. No
// figures at all over the dates is said in words.
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { RankedMedia, RankingSort, StudioApi } from './api.js';
import { defaultRange, rangeWords, renderRangeForm, windowOf } from './date-range.js';
import type { DateRange, RangeHost, RangeProblem } from './date-range.js';
import { go, say } from './events.js';
import { count, money } from './figures.js';
import { LatestRequest } from './latest.js';

export const sortNames: Record<RankingSort, string> = {
  impressions: 'Impressions',
  hotspot_opens: 'Hotspot opens',
  carts: 'Carts',
  orders: 'Orders',
};
const sorts = Object.keys(sortNames) as RankingSort[];

export class StudioRanking extends LitElement implements RangeHost {
  static override properties = {
    sort: { type: String },
    range: { state: true },
    rangeProblem: { state: true },
    rows: { state: true },
    shown: { state: true },
    nextCursor: { state: true },
    loading: { state: true },
    error: { state: true },
  };

  declare sort: RankingSort;
  declare range: DateRange;
  declare rangeProblem: RangeProblem | null;
  declare rows: RankedMedia[];
  /** What `rows` were ranked by, over which dates (the sort and dates asked for may be on their way). */
  declare shown: { sort: RankingSort; range: DateRange };
  declare nextCursor: string | null;
  declare loading: boolean;
  declare error: string;
  api!: StudioApi;
  private readonly request = new LatestRequest(this);

  constructor() {
    super();
    this.sort = 'impressions';
    this.range = defaultRange();
    this.rangeProblem = null;
    this.rows = [];
    this.shown = { sort: this.sort, range: this.range };
    this.nextCursor = null;
    this.loading = true;
    this.error = '';
  }

  protected override createRenderRoot() {
    return this;
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    // A new sort ranks anew (also the first time the list shows this element).
    if (changed.has('sort')) void this.load(false);
  }

  /** The first page (`more`: the next one, after those shown). */
  async load(more: boolean) {
    await this.request.run(async (signal) => {
      const after = more ? this.nextCursor : null;
      const asked = { sort: this.sort, range: this.range };
      const page = await this.api.ranking(asked.sort, windowOf(asked.range), after, signal);
      const shown = more ? this.rows.length : 0;
      this.rows = more ? [...this.rows, ...page.media] : page.media;
      this.shown = asked;
      this.nextCursor = page.page_info.has_next_page ? page.page_info.end_cursor : null;
      if (!more) return;
      say(this, `${this.rows.length} media items ranked.`);
      await this.updateComplete;
      this.querySelectorAll<HTMLElement>('.ranking button')[shown]?.focus();
    });
  }

  applyRange(range: DateRange) {
    this.range = range;
    void this.load(false).then(() => {
      if (!this.error) say(this, `Ranked by ${sortNames[this.sort].toLowerCase()}, ${rangeWords(range)}.`);
    });
  }

  setRangeProblem(found: RangeProblem | null) {
    this.rangeProblem = found;
  }

  private open(row: RankedMedia) {
    const back = { name: 'list' as const, rank: this.shown };
    go(this, {
      name: 'performance',
      media: { id: row.media_id, type: row.type, slug: row.slug },
      range: this.shown.range,
      back,
    });
  }

  override render() {
    return html`${renderRangeForm(this, 'ranking')}
      ${this.error ? html`<div class="alert" role="alert"><p>${this.error}</p></div>` : nothing}
      <div aria-busy=${this.loading ? 'true' : 'false'}>${this.renderRows()}</div>`;
  }

  private renderRows() {
    if (this.loading && this.rows.length === 0) return html`<p>Ranking the media…</p>`;
    if (this.error) return nothing;
    if (this.rows.length === 0) return html`<p>No media yet: add the first with New media.</p>`;
    const shown = this.shown;
    const any = this.rows.some((row) => row.impressions + row.hotspot_opens + row.carts + row.orders > 0);
    if (!any)
      return html`<p class="empty">
        No media item has figures for ${rangeWords(shown.range)} yet: no impression, hotspot opening, cart or order was
        counted on these days, so there is nothing to rank.
      </p>`;
    return html`<h3 id="ranking-title" class="ranking-title">
        Media ranked by ${sortNames[shown.sort].toLowerCase()}, ${rangeWords(shown.range)} (UTC)
      </h3>
      <ol class="ranking" aria-labelledby="ranking-title">
        ${this.rows.map((row, index) => this.renderRow(row, index))}
      </ol>
      ${this.renderMore()}`;
  }

  /** A media item with its rank (the list's own for assistive technology), its name and its figures. */
  private renderRow(row: RankedMedia, index: number) {
    const figure = (name: string, value: string, ranked: boolean) =>
      html`<div class=${ranked ? 'ranked' : ''}><dt>${name}</dt><dd>${value}</dd></div>`;
    return html`<li>
      <span class="rank" aria-hidden="true">${index + 1}</span>
      <div class="ranked-media">
        <button type="button" class="link" @click=${() => this.open(row)}>${row.slug}</button>
        <span class="hint">${row.type === 'video' ? 'Video' : 'Image'}${row.deleted ? ', deleted' : ''}</span>
      </div>
      <dl class="ranked-figures">
        ${sorts.map((sort) => figure(sortNames[sort], count(row[sort]), sort === this.shown.sort))}
        ${figure('Revenue', row.revenue.length ? row.revenue.map(money).join(', ') : '–', false)}
      </dl>
    </li>`;
  }

  private renderMore() {
    if (!this.nextCursor) return nothing;
    const more = () => {
      if (!this.loading) void this.load(true);
    };
    return html`<button type="button" aria-disabled=${this.loading ? 'true' : 'false'} @click=${more}>More</button>`;
  }
}
