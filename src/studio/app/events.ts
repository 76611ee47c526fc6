// How a view tells the studio's frame (studio-app.ts) what to do: bubbling events from the view's
// element, so that views know nothing of the frame.
import type { MediaItem, RankingSort } from './api.js';
import type { DateRange } from './date-range.js';

/** What names a media item, whether it is still in the catalog or not (the ranking's deleted ones). */
export interface MediaRef {
  id: number;
  type: 'image' | 'video';
  slug: string;
}

/** The media list ranked by a figure over dates. */
export interface Ranked {
  sort: RankingSort;
  range: DateRange;
}

export type View =
  | { name: 'key' }
  /** `rank`: ranked, as it was left. */
  | { name: 'list'; rank?: Ranked }
  | { name: 'new' }
  /** `fresh`: made a moment ago, without placements. */
  | { name: 'editor'; media: MediaItem; fresh?: boolean }
  /** `item`: the media item, when known; `range`: the dates to show first; `back`: where the list is. */
  | { name: 'performance'; media: MediaRef; item?: MediaItem; range?: DateRange; back?: View };

const tell = (from: Element, type: string, detail: unknown) =>
  from.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));

/** Shows another view. */
export const go = (from: Element, view: View) => tell(from, 'studio-go', view);

/** Says something in the studio's status line (role="status"). */
export const say = (from: Element, message: string) => tell(from, 'studio-status', message);

/** Reports a failure the frame may act on (a key no longer taken: it asks for one again). */
export const failed = (from: Element, error: unknown) => tell(from, 'studio-failure', error);
