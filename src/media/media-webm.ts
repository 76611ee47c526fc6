// A WebM's picture size and duration, from its first bytes: Matroska's EBML elements, the Segment's
// Info (Duration, in units of its TimecodeScale nanoseconds, 1 ms when not given) and the first
// video track's PixelWidth and PixelHeight (its Tracks). Muxers put both before the first Cluster,
// so only the bytes given are read (the file's first 256 KiB), stopping at the first Cluster or at
// the first element that cannot be read; each step moves forward, so a malformed size ends the
// walk instead of looping. What is not found there is null: the duration of a live recording (a
// browser's MediaRecorder may write none), or anything of a file laid out otherwise.

export interface WebmHeader {
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

const ids = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
};
const videoTrack = 1;

interface Element {
  id: number;
  /** Where its data starts and ends, the end cut to its parent's (or the bytes there are). */
  start: number;
  end: number;
  /** Its data is all there, within its parent. */
  whole: boolean;
}

/** The variable-length integer at `at`: an ID keeps its length marker, a size does not; null if none can be read. */
function vint(bytes: Buffer, at: number, id: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length || (id && length > 4)) return null;
  const mask = 0xff >> length;
  let value = id ? first : first & mask;
  let allOnes = (first & mask) === mask;
  for (let index = 1; index < length; index++) {
    value = value * 256 + bytes[at + index]!;
    allOnes &&= bytes[at + index] === 0xff;
  }
  return { value, length, unknown: !id && allOnes };
}

/** The elements from `start` to `end`, each header read once; an unknown size runs to `end`. */
function* elements(bytes: Buffer, start: number, end: number): Generator<Element> {
  for (let at = start; at < end;) {
    const id = vint(bytes, at, true);
    const size = id && vint(bytes, at + id.length, false);
    if (!id || !size) return;
    const dataStart = at + id.length + size.length;
    const dataEnd = size.unknown ? end : dataStart + size.value;
    yield { id: id.value, start: dataStart, end: Math.min(dataEnd, end), whole: dataEnd <= end };
    at = dataEnd;
  }
}

function uint(bytes: Buffer, element: Element): number | null {
  const length = element.end - element.start;
  return element.whole && length >= 1 && length <= 6 ? bytes.readUIntBE(element.start, length) : null;
}

function float(bytes: Buffer, element: Element): number | null {
  if (!element.whole) return null;
  const length = element.end - element.start;
  return length === 4 ? bytes.readFloatBE(element.start) : length === 8 ? bytes.readDoubleBE(element.start) : null;
}

function find(bytes: Buffer, parent: Element, id: number): Element | undefined {
  for (const element of elements(bytes, parent.start, parent.end)) if (element.id === id) return element;
  return undefined;
}

/** The first video track's size, from a Tracks element. */
function pictureSize(bytes: Buffer, tracks: Element): [number, number] | null {
  for (const entry of elements(bytes, tracks.start, tracks.end)) {
    const type = entry.id === ids.trackEntry ? find(bytes, entry, ids.trackType) : undefined;
    if (!type || uint(bytes, type) !== videoTrack) continue;
    const video = find(bytes, entry, ids.video);
    const width = video && find(bytes, video, ids.pixelWidth);
    const height = video && find(bytes, video, ids.pixelHeight);
    const size = [width && uint(bytes, width), height && uint(bytes, height)];
    return size[0] && size[1] ? [size[0], size[1]] : null;
  }
  return null;
}

/** The duration in milliseconds, from an Info element. */
function duration(bytes: Buffer, info: Element): number | null {
  const scaleElement = find(bytes, info, ids.timecodeScale);
  const scale = scaleElement ? uint(bytes, scaleElement) : 1_000_000;
  const durationElement = find(bytes, info, ids.duration);
  const units = durationElement && float(bytes, durationElement);
  if (!scale || !units || !Number.isFinite(units) || units <= 0) return null;
  return Math.round((units * scale) / 1_000_000);
}

/** What a WebM's first bytes say of its size and duration. */
export function webmHeader(head: Buffer): WebmHeader {
  const found: WebmHeader = { width: null, height: null, durationMs: null };
  const top = elements(head, 0, head.length);
  const ebml = top.next();
  const segment = top.next();
  if (ebml.done || ebml.value.id !== ids.ebml || segment.done || segment.value.id !== ids.segment) return found;
  for (const element of elements(head, segment.value.start, segment.value.end)) {
    if (element.id === ids.cluster) break;
    if (element.id === ids.info) found.durationMs = duration(head, element);
    const size = element.id === ids.tracks ? pictureSize(head, element) : null;
    if (size) [found.width, found.height] = size;
  }
  return found;
}
