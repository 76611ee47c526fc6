// Where on a picture or a video a point is, as fractions of its width and height (0 to 1 from the
// top left corner), the way the player places hotspots (over the media's box, which keeps its
// aspect). Measured against the rectangle the media is drawn in: the element's content box, less
// the bands object-fit: contain leaves empty when the box and the media differ in aspect, so that a
// saved fraction is where the click was on the picture itself.
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';
import { nothing } from 'lit';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

const px = (value: string) => Number.parseFloat(value) || 0;

/** The rectangle the media is drawn in, in the viewport's pixels. */
export function contentRect(media: HTMLImageElement | HTMLVideoElement): Box {
  const rect = media.getBoundingClientRect();
  const style = getComputedStyle(media);
  const [borderLeft, borderTop] = [px(style.borderLeftWidth), px(style.borderTopWidth)];
  const [paddingLeft, paddingTop] = [px(style.paddingLeft), px(style.paddingTop)];
  const box = {
    left: rect.left + borderLeft + paddingLeft,
    top: rect.top + borderTop + paddingTop,
    width: rect.width - borderLeft - paddingLeft - px(style.paddingRight) - px(style.borderRightWidth),
    height: rect.height - borderTop - paddingTop - px(style.paddingBottom) - px(style.borderBottomWidth),
  };
  const [naturalWidth, naturalHeight] =
    media instanceof HTMLImageElement
      ? [media.naturalWidth, media.naturalHeight]
      : [media.videoWidth, media.videoHeight];
  if (!naturalWidth || !naturalHeight || style.objectFit === 'fill' || box.width <= 0 || box.height <= 0) return box;
  const fit = style.objectFit === 'cover' ? Math.max : Math.min;
  let scale = fit(box.width / naturalWidth, box.height / naturalHeight);
  if (style.objectFit === 'none') scale = 1;
  if (style.objectFit === 'scale-down') scale = Math.min(1, scale);
  const drawn = { width: naturalWidth * scale, height: naturalHeight * scale };
  return {
    left: box.left + (box.width - drawn.width) / 2,
    top: box.top + (box.height - drawn.height) / 2,
    ...drawn,
  };
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
/** Four decimals: a ten-thousandth of the media's side. */
export const rounded = (value: number) => Math.round(value * 10_000) / 10_000;

/** The point at (clientX, clientY) as fractions of `box`; null outside it, unless `clamped`. */
export function fractionAt(box: Box, clientX: number, clientY: number, clamped = false): Point | null {
  const x = (clientX - box.left) / box.width;
  const y = (clientY - box.top) / box.height;
  if (!clamped && (x < 0 || x > 1 || y < 0 || y > 1)) return null;
  return { x: rounded(clamp(x)), y: rounded(clamp(y)) };
}

/** A point moved by (dx, dy), kept on the media. */
export const moved = (point: Point, dx: number, dy: number): Point => ({
  x: rounded(clamp(point.x + dx)),
  y: rounded(clamp(point.y + dy)),
});

/**
 * Sets an element's style properties through the CSSOM (`styled({ left: '42%' })`): the page's
 * Content-Security-Policy allows no style attribute written as markup.
 */
class StyledDirective extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('styled() goes on an element');
  }
  render(_properties: Record<string, string>) {
    return nothing;
  }
  override update(part: ElementPart, [properties]: [Record<string, string>]) {
    const style = (part.element as HTMLElement).style;
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    return nothing;
  }
}

export const styled = directive(StyledDirective);
