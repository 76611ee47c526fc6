// The media in the editor, at a size that fits the window (the aspect its width and height give, known
// before the file loads; the file drawn in that box as it fits), with a hotspot per
// placement over it: a click on the media places a product there (the editor opens its dialog), a
// hotspot moves by dragging (pointer events, captured) and by the arrow keys once focused (1 % a
// press, 10 % with Shift). Hotspots sit in a layer laid exactly over the rectangle the media is
// drawn in (geometry.ts), measured again whenever the media's box changes; the layer lets clicks
// through to the media. A video has its own controls under it: Play/Pause and its position.
import { html, nothing } from 'lit';
import type { MediaItem } from './api.js';
import { contentRect, fractionAt, moved, styled, type Box, type Point } from './geometry.js';
import type { Spot } from './placements.js';

export interface StageHost {
  media: MediaItem;
  spots: Spot[];
  /** The layer's box in the stage, once measured. */
  layer: Box | null;
  /** Where a product is about to be placed (the dialog is open). */
  pending: Point | null;
  playing: boolean;
  /** The video's position and length, in seconds. */
  videoTime: number;
  videoDuration: number;
  placeAt(point: Point): void;
  moveSpot(key: number, point: Point): void;
  /** A move finished (a drag let go, an arrow key). */
  spotMoved(key: number): void;
  /** The video played, paused, moved or loaded its metadata. */
  videoChanged(video: HTMLVideoElement): void;
}

interface Drag {
  key: number;
  pointerId: number;
  /** Where the pointer went down, and how far from the hotspot's centre. */
  startX: number;
  startY: number;
  offsetX: number;
  offsetY: number;
  moved: boolean;
}

const arrows: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** "0:04.2". */
export function clock(seconds: number): string {
  const safe = Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
  const minutes = Math.floor(safe / 60);
  return `${minutes}:${(safe - minutes * 60).toFixed(1).padStart(4, '0')}`;
}

/** Whether a spot's time range leaves out the video's current position. */
function offTime(spot: Spot, now: number): boolean {
  if (spot.start.trim() === '' || spot.end.trim() === '') return false;
  return now < Number(spot.start) || now >= Number(spot.end);
}

export class Stage {
  private drag: Drag | null = null;
  private observed: Element | null = null;
  private readonly observer = new ResizeObserver(() => this.measure());

  constructor(
    private readonly host: StageHost,
    private readonly root: HTMLElement,
    private readonly measured: (layer: Box) => void,
  ) {}

  get element(): HTMLImageElement | HTMLVideoElement | null {
    return this.root.querySelector<HTMLImageElement | HTMLVideoElement>('.stage img, .stage video');
  }

  /** Follows the media element now rendered (a pane shown again renders a new one). */
  sync() {
    const media = this.element;
    if (media === this.observed) return;
    this.observer.disconnect();
    this.observed = media;
    if (media) {
      this.observer.observe(media);
      this.measure();
    }
  }

  stop() {
    this.observer.disconnect();
    this.observed = null;
  }

  measure = () => {
    const media = this.element;
    const stage = media?.parentElement;
    if (!media || !stage) return;
    const content = contentRect(media);
    const frame = stage.getBoundingClientRect();
    if (content.width <= 0 || content.height <= 0) return;
    this.measured({
      left: content.left - frame.left,
      top: content.top - frame.top,
      width: content.width,
      height: content.height,
    });
  };

  private onMediaClick = (event: MouseEvent) => {
    const media = event.currentTarget as HTMLImageElement | HTMLVideoElement;
    const point = fractionAt(contentRect(media), event.clientX, event.clientY);
    if (!point) return;
    if (media instanceof HTMLVideoElement) media.pause();
    this.host.placeAt(point);
  };

  private onPointerDown(spot: Spot, event: PointerEvent) {
    if (event.button !== 0 || spot.x === null || spot.y === null) return;
    const target = event.currentTarget as HTMLElement;
    const centre = target.getBoundingClientRect();
    // No text selection nor native drag starts from here (either would cancel the pointer): the
    // focus a press gives is given by hand.
    event.preventDefault();
    target.focus();
    target.setPointerCapture(event.pointerId);
    this.drag = {
      key: spot.key,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      offsetX: event.clientX - (centre.left + centre.width / 2),
      offsetY: event.clientY - (centre.top + centre.height / 2),
      moved: false,
    };
  }

  private onPointerMove(event: PointerEvent) {
    const drag = this.drag;
    const media = this.element;
    if (!drag || event.pointerId !== drag.pointerId || !media) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < 4) return;
    drag.moved = true;
    (event.currentTarget as HTMLElement).classList.add('dragging');
    const point = fractionAt(contentRect(media), event.clientX - drag.offsetX, event.clientY - drag.offsetY, true);
    if (point) this.host.moveSpot(drag.key, point);
  }

  private onPointerUp(event: PointerEvent) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    (event.currentTarget as HTMLElement).classList.remove('dragging');
    if (drag.moved) this.host.spotMoved(drag.key);
  }

  private onKey(spot: Spot, event: KeyboardEvent) {
    const arrow = arrows[event.key];
    if (!arrow || spot.x === null || spot.y === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const step = event.shiftKey ? 0.1 : 0.01;
    this.host.moveSpot(spot.key, moved({ x: spot.x, y: spot.y }, arrow[0] * step, arrow[1] * step));
    this.host.spotMoved(spot.key);
  }

  private renderHotspot(spot: Spot, index: number) {
    if (spot.x === null || spot.y === null) return nothing;
    const late = this.host.media.type === 'video' && offTime(spot, this.host.videoTime);
    return html`<button
      type="button"
      class="hotspot ${late ? 'off-time' : ''}"
      data-key=${spot.key}
      data-number=${index + 1}
      aria-label=${spot.title}
      aria-describedby="stage-help"
      ${styled({ left: `${(spot.x * 100).toFixed(3)}%`, top: `${(spot.y * 100).toFixed(3)}%` })}
      @pointerdown=${(event: PointerEvent) => this.onPointerDown(spot, event)}
      @pointermove=${(event: PointerEvent) => this.onPointerMove(event)}
      @pointerup=${(event: PointerEvent) => this.onPointerUp(event)}
      @pointercancel=${(event: PointerEvent) => this.onPointerUp(event)}
      @keydown=${(event: KeyboardEvent) => this.onKey(spot, event)}
    >
      <span class="tip" aria-hidden="true">${spot.title}</span>
    </button>`;
  }

  render() {
    const { media, layer } = this.host;
    const name = media.alt?.trim() || media.slug;
    // Without a size (an imported item may lack one), a square box the picture is fitted into.
    const ratio: Record<string, string> =
      media.width && media.height ? { '--ratio': String(media.width / media.height) } : {};
    return html`<div class="stage" ${styled(ratio)}>
        ${
          media.type === 'image'
            ? html`<img
              src=${media.url ?? nothing}
              alt=${name}
              width=${media.width ?? nothing}
              height=${media.height ?? nothing}
              draggable="false"
              @load=${this.measure}
              @click=${this.onMediaClick}
            />`
            : this.renderVideo(media, name)
        }
        ${
          layer
            ? html`<div
              class="layer"
              ${styled({
                left: `${layer.left}px`,
                top: `${layer.top}px`,
                width: `${layer.width}px`,
                height: `${layer.height}px`,
              })}
            >
              ${this.host.spots.map((spot, index) => this.renderHotspot(spot, index))}
              ${
                this.host.pending
                  ? html`<span
                    class="pending"
                    aria-hidden="true"
                    ${styled({ left: `${this.host.pending.x * 100}%`, top: `${this.host.pending.y * 100}%` })}
                  ></span>`
                  : nothing
              }
            </div>`
            : nothing
        }
      </div>
      ${media.type === 'video' ? this.renderControls() : nothing}`;
  }

  private renderVideo(media: MediaItem, name: string) {
    const changed = (event: Event) => this.host.videoChanged(event.currentTarget as HTMLVideoElement);
    const loaded = (event: Event) => {
      changed(event);
      this.measure();
    };
    return html`<video
      src=${media.url ?? nothing}
      poster=${media.poster_url ?? nothing}
      width=${media.width ?? nothing}
      height=${media.height ?? nothing}
      preload="metadata"
      muted
      playsinline
      aria-label=${name}
      @loadedmetadata=${loaded}
      @timeupdate=${changed}
      @seeked=${changed}
      @play=${changed}
      @pause=${changed}
      @click=${this.onMediaClick}
    >
      ${
        media.captions_url
          ? html`<track kind="captions" src=${media.captions_url} srclang="en" label="Captions" default />`
          : nothing
      }
    </video>`;
  }

  private renderControls() {
    const video = () => this.element as HTMLVideoElement | null;
    const { videoTime, videoDuration, playing } = this.host;
    const toggle = () => {
      const element = video();
      if (!element) return;
      if (element.paused) void element.play().catch(() => undefined);
      else element.pause();
    };
    const seek = (event: Event) => {
      const element = video();
      if (element) element.currentTime = Number((event.currentTarget as HTMLInputElement).value);
    };
    return html`<div class="video-controls">
      <button type="button" @click=${toggle}>${playing ? 'Pause' : 'Play'}</button>
      <label for="video-position">Position</label>
      <input
        id="video-position"
        type="range"
        min="0"
        max=${videoDuration || (this.host.media.duration_ms ?? 0) / 1000}
        step="0.1"
        .value=${String(videoTime)}
        aria-valuetext=${`${videoTime.toFixed(1)} seconds of ${videoDuration.toFixed(1)}`}
        @input=${seek}
      />
      <span class="time" aria-hidden="true">${clock(videoTime)} / ${clock(videoDuration)}</span>
    </div>`;
  }
}
