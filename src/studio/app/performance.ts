// <studio-performance>: what one media item brought over a date range (GET /media/{id}/performance,
// docs/analytics.md): the funnel with its rates, the series over time as a chart with its table
// (by the hour for two days or less, else by the day) and the figures per hotspot, named by the
// titles of the products placed (the catalog's answers for the media item). Reached from the media
// list, the ranking and the editor; "Edit placements" opens the editor, "Back to media list" the
// list as it was left (ranked or not). Loading, no figures yet and failures are said in words.
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { StudioError, type MediaItem, type MediaPerformance, type MediaShown, type StudioApi } from './api.js';
import { defaultRange, intervalOf, rangeWords, renderRangeForm, windowOf } from './date-range.js';
import type { DateRange, RangeHost, RangeProblem } from './date-range.js';
import { failed, go, say, type MediaRef, type View } from './events.js';
import { LatestRequest } from './latest.js';
import { mediaSummary } from './media-list.js';
import { noFigures, renderFunnel, renderHotspots, renderOverTime, type OverTimeHost } from './performance-parts.js';

export class StudioPerformance extends LitElement implements RangeHost, OverTimeHost {
  static override properties = {
    figures: { state: true },
    loading: { state: true },
    error: { state: true },
    range: { state: true },
    rangeProblem: { state: true },
    shown: { state: true },
    deleted: { state: true },
    showTable: { state: true },
    chartWidth: { state: true },
  };

  declare figures: MediaPerformance;
  /** Whether figures for `range` are on their way (the last ones shown until they come). */
  declare loading: boolean;
  declare error: string;
  declare range: DateRange;
  declare rangeProblem: RangeProblem | null;
  declare shown: MediaShown | null;
  /** The media item was deleted: its figures remain, nothing can be edited. */
  declare deleted: boolean;
  declare showTable: boolean;
  declare chartWidth: number;
  api!: StudioApi;
  media!: MediaRef;
  /** The media item, when the view that opened this one had it. */
  item: MediaItem | null = null;
  /** The dates to show first (the ranking's, when opened from it); null: the last 30 days. */
  firstRange: DateRange | null = null;
  /** Where "Back to media list" goes (the list ranked as it was); null: the list. */
  back: View | null = null;
  /** Whether figures came for the range shown (until then, `figures` is not read). */
  private loaded = false;
  private readonly request = new LatestRequest(this);
  private readonly resize = new ResizeObserver((entries) => {
    const width = Math.floor(entries[0]?.contentRect.width ?? 0);
    if (width !== this.chartWidth) this.chartWidth = width;
  });
  private observed: Element | null = null;

  constructor() {
    super();
    this.loading = true;
    this.error = '';
    this.range = defaultRange();
    this.rangeProblem = null;
    this.shown = null;
    this.deleted = false;
    this.showTable = false;
    this.chartWidth = 0;
  }

  protected override createRenderRoot() {
    return this;
  }

  get hourly(): boolean {
    return intervalOf(this.range) === 'hour';
  }

  override connectedCallback() {
    super.connectedCallback();
    if (this.firstRange) this.range = this.firstRange;
    void this.loadShown();
    void this.load();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.resize.disconnect();
  }

  protected override updated(_changed: PropertyValues<this>) {
    // The chart is drawn at its box's width: watched as the window changes.
    const box = this.querySelector('.chart-box');
    if (box === this.observed) return;
    if (this.observed) this.resize.unobserve(this.observed);
    this.observed = box;
    if (box) this.resize.observe(box);
  }

  /** The media item's placements and products, whose titles name its hotspots. */
  private async loadShown() {
    try {
      this.shown = await this.api.mediaShown(this.media);
    } catch (error) {
      // A deleted media item keeps its figures; its hotspots are then named by position only.
      if (error instanceof StudioError && error.code === 'MEDIA_NOT_FOUND') this.deleted = true;
      else failed(this, error);
    }
  }

  /** The figures for the range shown; a newer request replaces an older one still on its way. */
  private async load() {
    await this.request.run(
      async (signal) => {
        const range = this.range;
        this.figures = await this.api.performance(this.media.id, windowOf(range), intervalOf(range), signal);
        this.loaded = true;
      },
      () => {
        this.loaded = false;
      },
    );
  }

  applyRange(range: DateRange) {
    this.range = range;
    this.loaded = false;
    void this.load().then(() => {
      if (this.loaded) say(this, `Figures for ${rangeWords(range)} shown.`);
    });
  }

  setRangeProblem(found: RangeProblem | null) {
    this.rangeProblem = found;
  }

  toggleTable() {
    this.showTable = !this.showTable;
  }

  override render() {
    const item = this.shown?.media ?? this.item;
    return html`<div class="editor-head">
        <button type="button" @click=${() => go(this, this.back ?? { name: 'list' })}>Back to media list</button>
        <h2 tabindex="-1">Performance of ${this.media.slug}</h2>
        ${item ? html`<p class="hint">${mediaSummary(item)}</p>` : nothing}
        ${
          item && !this.deleted
            ? html`<button type="button" @click=${() => go(this, { name: 'editor', media: item })}>
                Edit placements
              </button>`
            : nothing
        }
      </div>
      ${
        this.deleted
          ? html`<p class="hint">This media item was deleted: its figures remain, its hotspots are numbered only.</p>`
          : nothing
      }
      ${renderRangeForm(this, 'performance')}
      <div class="performance" aria-busy=${this.loading ? 'true' : 'false'}>${this.renderFigures()}</div>`;
  }

  private renderFigures() {
    if (this.error) return html`<div class="alert" role="alert"><p>${this.error}</p></div>`;
    if (!this.loaded) return html`<p>Loading the figures…</p>`;
    const figures = this.figures;
    if (noFigures(figures))
      return html`<p class="empty">
        No figures for ${rangeWords(this.range)} yet: no impression, play, hotspot opening, cart or order of this media
        item was counted on these days. The player reports them once the media item is on a page of the shop (Embed
        code).
      </p>`;
    const titles = new Map((this.shown?.products ?? []).map((product) => [product.id, product.title]));
    return html`${renderFunnel(figures, this.media.type === 'video')} ${renderOverTime(this)}
    ${renderHotspots(figures, this.range, titles, this.shown?.placements ?? null)}`;
  }
}
