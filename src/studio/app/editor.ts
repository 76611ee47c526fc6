// <studio-editor>: one media item's placements. The media with its hotspots (stage.ts) beside the
// list of placements (placements.ts); a click on the media opens "Place a product"
// (place-dialog.ts) and the product chosen is placed where the click was. "Save placements" writes
// the whole list (PUT /media/{id}/placements) and the studio's status line says "Saved"; a refusal
// names the placement and the field. Leaving with unsaved changes asks first: the browser's own
// question when the page goes (beforeunload), confirm() when going back to the list or to the item's
// "Performance" (performance.ts). "Preview" and "Embed code" show the player and the snippet (share.ts).
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { StudioError, type MediaItem, type ProductSummary, type StudioApi } from './api.js';
import { failed, go, say } from './events.js';
import type { Box, Point } from './geometry.js';
import { mediaSummary } from './media-list.js';
import type { StudioPlaceDialog } from './place-dialog.js';
import {
  newKey,
  placementInputs,
  placementProblem,
  problemTarget,
  renderRows,
  savedForm,
  spotsOf,
  whereText,
  type RowsHost,
  type Spot,
} from './placements.js';
import { ClientKeyCheck, renderEmbed, renderPreview, type ShareHost } from './share.js';
import { Stage, type StageHost } from './stage.js';
import { keyFailure, problem, problemsOf } from './words.js';

type Pane = 'edit' | 'preview' | 'embed';
const panes: [Pane, string][] = [
  ['edit', 'Edit placements'],
  ['preview', 'Preview'],
  ['embed', 'Embed code'],
];

export const leaveQuestion = 'The placements have unsaved changes. Leave without saving them?';

export class StudioEditor extends LitElement implements StageHost, RowsHost, ShareHost {
  static override properties = {
    spots: { state: true },
    saved: { state: true },
    loading: { state: true },
    loadError: { state: true },
    saving: { state: true },
    saveErrors: { state: true },
    pane: { state: true },
    layer: { state: true },
    pending: { state: true },
    videoTime: { state: true },
    videoDuration: { state: true },
    playing: { state: true },
    playerReady: { state: true },
    playerError: { state: true },
  };

  declare spots: Spot[];
  /** The list as last saved or loaded (savedForm). */
  declare saved: string;
  declare loading: boolean;
  declare loadError: string;
  declare saving: boolean;
  declare saveErrors: string[];
  declare pane: Pane;
  declare layer: Box | null;
  declare pending: Point | null;
  declare videoTime: number;
  declare videoDuration: number;
  declare playing: boolean;
  declare playerReady: boolean;
  declare playerError: string;
  api!: StudioApi;
  media!: MediaItem;
  keysRequired = true;
  player = '/embed/shoppable-media.js';
  invalid = new Set<string>();
  private readonly stage = new Stage(this, this, (layer) => {
    this.layer = layer;
  });
  /** What had the focus when the dialog opened, to have it back when it closes without a choice. */
  private returnFocus: Element | null = null;
  private focusAfter: string | null = null;
  readonly clientKey = new ClientKeyCheck(this);
  /** Whether the status line says "Saved" of this list. */
  private savedSaid = false;
  /** Made a moment ago (by the new media form): no placement yet, nothing to read. */
  fresh = false;

  constructor() {
    super();
    this.spots = [];
    this.saved = '[]';
    this.loading = true;
    this.loadError = '';
    this.saving = false;
    this.saveErrors = [];
    this.pane = 'edit';
    this.layer = null;
    this.pending = null;
    this.videoTime = 0;
    this.videoDuration = 0;
    this.playing = false;
    this.playerReady = false;
    this.playerError = '';
  }

  protected override createRenderRoot() {
    return this;
  }

  get dirty(): boolean {
    return !this.loading && savedForm(this.spots) !== this.saved;
  }

  get previewKey(): string | null {
    return this.keysRequired ? this.clientKey.key || this.api.key : null;
  }

  override connectedCallback() {
    super.connectedCallback();
    window.addEventListener('beforeunload', this.onBeforeUnload);
    window.addEventListener('resize', this.stage.measure);
    void this.load();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    window.removeEventListener('beforeunload', this.onBeforeUnload);
    window.removeEventListener('resize', this.stage.measure);
    this.stage.stop();
    this.clientKey.stop();
  }

  private onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!this.dirty) return;
    event.preventDefault();
    event.returnValue = '';
  };

  /** Whether the merchant may leave: no unsaved change, or they said so. */
  confirmLeave(): boolean {
    return !this.dirty || window.confirm(leaveQuestion);
  }

  private async load() {
    this.loading = true;
    // A process behind the same balancer may not know an item made a moment ago for up to
    // CATALOG_CACHE_TTL_MS: one just made has no placement to read.
    if (this.fresh) {
      this.loading = false;
      return;
    }
    try {
      const [placements, products] = await Promise.all([
        this.api.placements(this.media),
        this.api.products(this.media),
      ]);
      this.spots = spotsOf(placements, new Map(products.map((product) => [product.id, product.title])));
      this.saved = savedForm(this.spots);
    } catch (error) {
      this.loadError = problem(error);
      failed(this, error);
    } finally {
      this.loading = false;
    }
  }

  protected override updated(changed: PropertyValues<this>) {
    if (changed.has('pane') || changed.has('loading')) this.stage.sync();
    // "Saved" is stale once the list changes again.
    if (changed.has('spots') && this.savedSaid && this.dirty) {
      this.savedSaid = false;
      say(this, '');
    }
    if (this.focusAfter) {
      this.querySelector<HTMLElement>(this.focusAfter)?.focus();
      this.focusAfter = null;
    }
  }

  // ---- the stage's and the rows' host ----

  placeAt(point: Point) {
    this.pending = point;
    this.returnFocus = document.activeElement;
    void this.querySelector<StudioPlaceDialog>('studio-place-dialog')?.open();
  }

  private onChoose(event: CustomEvent<ProductSummary>) {
    const point = this.pending ?? { x: 0.5, y: 0.5 };
    this.pending = null;
    const spot: Spot = {
      key: newKey(),
      productId: event.detail.id,
      title: event.detail.title,
      ...point,
      start: '',
      end: '',
    };
    this.spots = [...this.spots, spot];
    this.focusAfter = `.hotspot[data-key="${spot.key}"]`;
    say(this, `${spot.title} placed at ${whereText(spot)}. Save placements to keep it.`);
  }

  private onPlaceCancel() {
    this.pending = null;
    const back = this.returnFocus;
    this.returnFocus = null;
    if (back instanceof HTMLElement && back !== document.body && back.isConnected) back.focus();
  }

  moveSpot(key: number, point: Point) {
    this.spots = this.spots.map((spot) => (spot.key === key ? { ...spot, ...point } : spot));
  }

  spotMoved(key: number) {
    const spot = this.spots.find((each) => each.key === key);
    if (spot) say(this, `${spot.title} at ${whereText(spot)}.`);
  }

  removeSpot(key: number) {
    const index = this.spots.findIndex((spot) => spot.key === key);
    const removed = this.spots[index];
    this.spots = this.spots.filter((spot) => spot.key !== key);
    const next = this.spots[Math.min(index, this.spots.length - 1)];
    this.focusAfter = next ? `.placement[data-key="${next.key}"] button:last-child` : '#place-centre';
    if (removed) say(this, `${removed.title} removed. Save placements to keep the change.`);
  }

  setTime(key: number, which: 'start' | 'end', seconds: string) {
    this.spots = this.spots.map((spot) => (spot.key === key ? { ...spot, [which]: seconds } : spot));
  }

  takeCurrentTime(key: number, which: 'start' | 'end') {
    const video = this.stage.element;
    const now = video instanceof HTMLVideoElement ? video.currentTime : this.videoTime;
    this.setTime(key, which, String(Math.round(now * 10) / 10));
  }

  videoChanged(video: HTMLVideoElement) {
    this.videoTime = video.currentTime;
    this.videoDuration = Number.isFinite(video.duration) ? video.duration : 0;
    this.playing = !video.paused;
  }

  // ---- saving, panes, the embed code ----

  private async save() {
    if (this.saving) return;
    this.saving = true;
    this.saveErrors = [];
    this.invalid = new Set();
    const sent = this.spots;
    try {
      await this.api.setPlacements(this.media, placementInputs(sent));
      this.saved = savedForm(sent);
      // Said anew even when the last save said it too, so that it is read out again.
      say(this, '');
      setTimeout(() => {
        if (!this.isConnected) return;
        say(this, 'Saved');
        this.savedSaid = true;
      }, 50);
    } catch (error) {
      this.refused(error, sent);
    } finally {
      this.saving = false;
    }
  }

  private refused(error: unknown, sent: Spot[]) {
    say(this, '');
    if (error instanceof StudioError && error.code === 'VALIDATION_FAILED') {
      const problems = problemsOf(error);
      this.saveErrors = problems.map((each) => placementProblem(each, sent));
      this.invalid = new Set(problems.flatMap((each) => problemTarget(each, sent) ?? []));
      const [first] = this.invalid;
      this.focusAfter = first ? `#${first}` : null;
      return;
    }
    this.saveErrors = [problem(error)];
    if (keyFailure(error)) failed(this, error);
  }

  private async showPane(pane: Pane) {
    this.pane = pane;
    if (pane !== 'preview' || this.playerReady) return;
    try {
      await import(this.player);
      this.playerReady = true;
    } catch {
      this.playerError = `The player could not be loaded from ${this.player}.`;
    }
  }

  copySnippet() {
    const code = this.querySelector('.snippet')?.textContent ?? '';
    navigator.clipboard.writeText(code).then(
      () => say(this, 'Embed code copied.'),
      () => say(this, 'Could not copy: select the code and copy it yourself.'),
    );
  }

  private back() {
    if (this.confirmLeave()) go(this, { name: 'list' });
  }

  private performance() {
    if (this.confirmLeave()) go(this, { name: 'performance', media: this.media, item: this.media });
  }

  // ---- rendering ----

  override render() {
    return html`<div class="editor-head">
        <button type="button" @click=${this.back}>Back to media list</button>
        <h2 tabindex="-1">${this.media.slug}</h2>
        <p class="hint">${mediaSummary(this.media)}</p>
        <button type="button" @click=${this.performance}>Performance</button>
      </div>
      <div class="panes" role="group" aria-label="Show">
        ${panes.map(
          ([pane, label]) =>
            html`<button
              type="button"
              aria-pressed=${this.pane === pane ? 'true' : 'false'}
              @click=${() => void this.showPane(pane)}
            >
              ${label}
            </button>`,
        )}
      </div>
      ${this.pane === 'edit' ? this.renderEdit() : nothing}
      ${this.pane === 'preview' ? renderPreview(this) : nothing}
      ${this.pane === 'embed' ? renderEmbed(this) : nothing}
      <studio-place-dialog
        .api=${this.api}
        @studio-choose=${this.onChoose}
        @studio-place-cancel=${this.onPlaceCancel}
      ></studio-place-dialog>`;
  }

  private renderEdit() {
    if (this.loading) return html`<p>Loading the placements…</p>`;
    if (this.loadError) return html`<div class="alert" role="alert"><p>${this.loadError}</p></div>`;
    // An imported item may have no URL: nothing to draw, nor to place products on.
    if (!this.media.url)
      return html`<div class="alert">
        <p>
          This media item has no URL, so there is nothing to show or to place products on. Give it one with the
          media admin API (PATCH /media/${this.media.id} with a url), then open it again.
        </p>
      </div>`;
    const what = this.media.type === 'video' ? 'video' : 'picture';
    return html`<div class="workspace">
      <div>
        <div class="stage-head">
          <p id="stage-help">
            Click the ${what} where a product shows to place it. Drag a marker to move it, or focus it and use the
            arrow keys (with Shift: bigger steps).
          </p>
          <button type="button" id="place-centre" @click=${() => this.placeAt({ x: 0.5, y: 0.5 })}>
            Place a product in the centre
          </button>
        </div>
        ${this.stage.render()}
      </div>
      <section aria-labelledby="placements-title">
        <h3 id="placements-title">Placements (${this.spots.length})</h3>
        ${renderRows(this)} ${this.renderSave()}
      </section>
    </div>`;
  }

  private renderSave() {
    return html`${
      this.saveErrors.length
        ? html`<div class="alert" role="alert">
            <p>Not saved:</p>
            ${this.saveErrors.map((message) => html`<p>${message}</p>`)}
          </div>`
        : nothing
    }
      <div class="actions">
        <button
          class="primary"
          type="button"
          aria-disabled=${this.saving ? 'true' : 'false'}
          @click=${() => void this.save()}
        >
          ${this.saving ? 'Saving…' : 'Save placements'}
        </button>
      </div>
      ${this.dirty ? html`<p class="dirty">Unsaved changes.</p>` : nothing}`;
  }
}
