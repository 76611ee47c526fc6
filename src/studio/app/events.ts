// How a view tells the studio's frame (studio-app.ts) what to do: bubbling events from the view's
// element, so that views know nothing of the frame.
import type { MediaItem } from './api.js';

export type View =
  | { name: 'key' }
  | { name: 'list' }
  | { name: 'new' }
  /** `fresh`: made a moment ago, without placements. */
  | { name: 'editor'; media: MediaItem; fresh?: boolean };

const tell = (from: Element, type: string, detail: unknown) =>
  from.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));

/** Shows another view. */
export const go = (from: Element, view: View) => tell(from, 'studio-go', view);

/** Says something in the studio's status line (role="status"). */
export const say = (from: Element, message: string) => tell(from, 'studio-status', message);

/** Reports a failure the frame may act on (a key no longer taken: it asks for one again). */
export const failed = (from: Element, error: unknown) => tell(from, 'studio-failure', error);
