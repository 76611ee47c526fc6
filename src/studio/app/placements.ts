// The placements being edited ("spots": a product at a point of the media, and on a video the
// seconds it shows from and to, as typed), what is saved of them (PUT /media/{id}/placements), and
// the list beside the media: one row per placement, named by its product, with "Remove" and, on a
// video, "Start (s)" and "End (s)" with buttons that take the video's current time.
import { html, nothing } from 'lit';
import type { MediaItem, PlacementInput, PlacementView } from './api.js';
import { inSeconds, type Problem } from './words.js';

export interface Spot {
  /** This page's own id for the placement (focus, rendering). */
  key: number;
  productId: number;
  title: string;
  x: number | null;
  y: number | null;
  /** Seconds as typed; '' for none. */
  start: string;
  end: string;
}

let nextKey = 1;
export const newKey = () => nextKey++;

const secondsText = (ms: number | null) => (ms === null ? '' : String(ms / 1000));
const msOf = (seconds: string) => (seconds.trim() === '' ? null : Math.round(Number(seconds) * 1000));

export function spotsOf(placements: PlacementView[], titles: Map<number, string>): Spot[] {
  return placements.map((placement) => ({
    key: newKey(),
    productId: placement.product_id,
    title: titles.get(placement.product_id) ?? `Product ${placement.product_id}`,
    x: placement.x,
    y: placement.y,
    start: secondsText(placement.start_ms),
    end: secondsText(placement.end_ms),
  }));
}

export function placementInputs(spots: Spot[]): PlacementInput[] {
  return spots.map((spot) => ({
    product_id: spot.productId,
    x: spot.x,
    y: spot.y,
    start_ms: msOf(spot.start),
    end_ms: msOf(spot.end),
  }));
}

/** What saving would write: two lists with the same are the same to the gateway. */
export const savedForm = (spots: Spot[]) => JSON.stringify(placementInputs(spots));

/** "42 % across, 35 % down". */
export const whereText = (spot: Spot) =>
  spot.x === null || spot.y === null
    ? 'No point on the video'
    : `${Math.round(spot.x * 100)} % across, ${Math.round(spot.y * 100)} % down`;

const fieldWords: Record<string, string> = {
  start_ms: 'Start (s)',
  end_ms: 'End (s)',
  x: 'position across',
  y: 'position down',
  product_id: 'product',
};

/** A placement's problem in words: "Placement 2 (Mug), End (s): must be after the start (5 s), got 3 s". */
export function placementProblem(problem: Problem, spots: Spot[]): string {
  const match = /^placements\[(\d+)\]\.?(\w*)$/.exec(problem.field);
  if (!match) return `${problem.field ? `${problem.field}: ` : ''}${problem.message}`;
  const index = Number(match[1]);
  const spot = spots[index];
  const which = `Placement ${index + 1}${spot ? ` (${spot.title})` : ''}`;
  const field = match[2] ? (fieldWords[match[2]] ?? match[2]) : '';
  return `${which}${field ? `, ${field}` : ''}: ${inSeconds(problem.message)}`;
}

/** The field a problem is about, to mark it: "start-<key>". */
export function problemTarget(problem: Problem, spots: Spot[]): string | null {
  const match = /^placements\[(\d+)\]\.(start_ms|end_ms)$/.exec(problem.field);
  const spot = match ? spots[Number(match[1])] : undefined;
  return spot && match ? `${match[2] === 'start_ms' ? 'start' : 'end'}-${spot.key}` : null;
}

export interface RowsHost {
  media: MediaItem;
  spots: Spot[];
  /** The fields marked by the last refusal ("start-<key>"). */
  invalid: Set<string>;
  removeSpot(key: number): void;
  setTime(key: number, which: 'start' | 'end', seconds: string): void;
  takeCurrentTime(key: number, which: 'start' | 'end'): void;
}

function timeField(host: RowsHost, spot: Spot, which: 'start' | 'end') {
  const id = `${which}-${spot.key}`;
  const label = which === 'start' ? 'Start (s)' : 'End (s)';
  const max = host.media.duration_ms ? host.media.duration_ms / 1000 : undefined;
  return html`<div class="time-field">
    <label for=${id}>${label}</label>
    <input
      id=${id}
      type="number"
      min="0"
      max=${max ?? nothing}
      step="0.1"
      inputmode="decimal"
      .value=${spot[which]}
      aria-invalid=${host.invalid.has(id) ? 'true' : 'false'}
      @input=${(event: Event) => {
        // A number half typed ("4.") reads as '' until it is one: the field keeps it meanwhile.
        const input = event.currentTarget as HTMLInputElement;
        if (!input.validity.badInput) host.setTime(spot.key, which, input.value);
      }}
    />
    <button type="button" @click=${() => host.takeCurrentTime(spot.key, which)}>Use current time for ${which}</button>
  </div>`;
}

function row(host: RowsHost, spot: Spot, index: number) {
  const video = host.media.type === 'video';
  return html`<li class="placement" data-key=${spot.key}>
    <span class="number" aria-hidden="true">${index + 1}</span>
    <div>
      <p class="title" id="title-${spot.key}">${spot.title}</p>
      <p class="where">${whereText(spot)}${video && !spot.start && !spot.end ? ' · the whole video' : ''}</p>
    </div>
    <div class="row-controls">
      ${video ? html`${timeField(host, spot, 'start')}${timeField(host, spot, 'end')}` : nothing}
      <button type="button" aria-describedby="title-${spot.key}" @click=${() => host.removeSpot(spot.key)}>
        Remove
      </button>
    </div>
  </li>`;
}

export function renderRows(host: RowsHost) {
  if (host.spots.length === 0)
    return html`<p>No product placed yet: click the ${host.media.type === 'video' ? 'video' : 'picture'}.</p>`;
  return html`<ol class="placements" aria-labelledby="placements-title">
    ${host.spots.map((spot, index) => row(host, spot, index))}
  </ol>`;
}
