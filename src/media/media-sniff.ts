// What an uploaded file is, read from its first bytes rather than from its name or Content-Type:
// JPEG, PNG and WebP images, with their width and height read from the file's own header, and MP4
// and WebM videos: a WebM's size and duration from its first bytes too when they hold them
// (media-webm.ts), an MP4's from its movie header, wherever it is in the stored file (media-mp4.ts).
// Anything else, SVG included, is no media file.
import { webmHeader } from './media-webm.js';

export interface MediaFileKind {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'video/mp4' | 'video/webm';
  /** The extension its stored name gets: the static server answers with the type it names. */
  extension: 'jpg' | 'png' | 'webp' | 'mp4' | 'webm';
}

export interface SniffedFile extends MediaFileKind {
  /** Pixels; null for a video whose first bytes do not give them (an MP4's are read from the whole file). */
  width: number | null;
  height: number | null;
  /** A WebM's duration when its first bytes give it; null otherwise. */
  durationMs: number | null;
}

/** Bytes read of a file's start: enough for every header read here but a JPEG's with a large metadata block. */
export const sniffBytes = 256 * 1024;

const ascii = (bytes: Buffer, at: number, text: string) => bytes.toString('latin1', at, at + text.length) === text;

/** The kind of file these first bytes begin, or null. */
export function fileKind(head: Buffer): MediaFileKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { contentType: 'image/png', extension: 'png' };
  if (head.length >= 12 && ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP'))
    return { contentType: 'image/webp', extension: 'webp' };
  if (head.length >= 12 && ascii(head, 4, 'ftyp')) return { contentType: 'video/mp4', extension: 'mp4' };
  // EBML, whose DocType is "webm" (a Matroska file is not one).
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.subarray(0, 64).includes('webm', 0, 'latin1'))
    return { contentType: 'video/webm', extension: 'webm' };
  return null;
}

function pngSize(head: Buffer): [number, number] | null {
  return head.length >= 24 && ascii(head, 12, 'IHDR') ? [head.readUInt32BE(16), head.readUInt32BE(20)] : null;
}

/** A JPEG's size, from its first frame header (SOF0 to SOF15 but DHT, JPG and DAC). */
function jpegSize(head: Buffer): [number, number] | null {
  let at = 2;
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1]!;
    // Fill bytes, and markers without a length (RST0-7, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = head.readUInt16BE(at + 2);
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame) return at + 9 <= head.length ? [head.readUInt16BE(at + 7), head.readUInt16BE(at + 5)] : null;
    if (marker === 0xd9 || marker === 0xda || length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** A WebP's size: of its lossy (VP8), lossless (VP8L) or extended (VP8X) first chunk. */
function webpSize(head: Buffer): [number, number] | null {
  if (head.length < 30) return null;
  if (ascii(head, 12, 'VP8 ') && head[23] === 0x9d && head[24] === 0x01 && head[25] === 0x2a)
    return [head.readUInt16LE(26) & 0x3fff, head.readUInt16LE(28) & 0x3fff];
  if (ascii(head, 12, 'VP8L') && head[20] === 0x2f) {
    const bits = head.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (ascii(head, 12, 'VP8X')) return [head.readUIntLE(24, 3) + 1, head.readUIntLE(27, 3) + 1];
  return null;
}

/**
 * The file these first bytes begin (at most sniffBytes of them): its kind, and an image's size;
 * null when it is no media file taken here, or an image whose size cannot be read from them.
 */
export function sniff(head: Buffer): SniffedFile | null {
  const kind = fileKind(head);
  if (!kind) return null;
  if (kind.contentType === 'video/webm') return { ...kind, ...webmHeader(head) };
  if (kind.contentType === 'video/mp4') return { ...kind, width: null, height: null, durationMs: null };
  const size =
    kind.contentType === 'image/png'
      ? pngSize(head)
      : kind.contentType === 'image/jpeg'
        ? jpegSize(head)
        : webpSize(head);
  if (!size || size[0] < 1 || size[1] < 1) return null;
  return { ...kind, width: size[0], height: size[1], durationMs: null };
}
