// An uploaded MP4's picture size and duration, from its movie header (the moov box), parsed by
// mp4box (GPAC's MP4 parser), which is imported the first time an MP4 is uploaded, never at start
// (it takes tens of milliseconds to load). The stored file's top-level boxes are walked to its end,
// their headers read a window at a time: the moov is found wherever it is (first in a file made
// for streaming, last in one a camera wrote), and a box running past the last byte says the file
// is cut short. Only the moov is read whole and given to mp4box. Size: the first video track's
// presentation size (its track header, tkhd, a quarter turn of its matrix swapping width and
// height), else its sample entry's; duration: the movie header's (mvhd), else a fragmented
// file's (mehd), else none. A file whose header cannot be read so is 415.
import type { FileHandle } from 'node:fs/promises';
import { AppError } from '../errors.js';

export interface VideoHeader {
  width: number;
  height: number;
  durationMs: number | null;
}

/**
 * The largest moov read: a 50 MB video's is well under 2 MiB, a two-hour one's some 4 MiB; mp4box
 * parses 8 MiB (two million samples) in 0.3 to 1 s, on the event loop, and some 60 MB of heap.
 */
export const maxMovieHeaderBytes = 8 * 1024 * 1024;
/** The most top-level boxes walked (a fragmented file has two per fragment). */
export const maxTopLevelBoxes = 100_000;
/** Bytes read at a time while walking the boxes' headers. */
const windowBytes = 64 * 1024;

interface TopLevelBox {
  type: string;
  start: number;
  size: number;
}

/** What mp4box makes of a moov, read as what it may lack: the bytes are anyone's. */
interface Movie {
  mvhd?: { timescale?: number; duration?: number };
  mvex?: { mehd?: { fragment_duration?: number } };
  traks?: {
    tkhd?: { width?: number; height?: number; matrix?: ArrayLike<number> };
    mdia?: {
      hdlr?: { handler?: string };
      minf?: { stbl?: { stsd?: { entries?: { width?: unknown; height?: unknown }[] } } };
    };
  }[];
}

const unreadable = (why: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', `The MP4 file ${why}`);

/** The box whose header is at `at` of `bytes` (`position` in a file of `fileBytes`), checked. */
function boxAt(bytes: Buffer, at: number, position: number, fileBytes: number): TopLevelBox {
  const malformed = () => unreadable(`is malformed: no box can be read at byte ${position}`);
  if (bytes.length - at < 8) throw malformed();
  const type = bytes.toString('latin1', at + 4, at + 8);
  let size = bytes.readUInt32BE(at);
  let header = 8;
  if (size === 1) {
    if (bytes.length - at < 16) throw malformed();
    size = Number(bytes.readBigUInt64BE(at + 8));
    header = 16;
  } else if (size === 0) size = fileBytes - position;
  if (!/^[\x20-\x7e]{4}$/.test(type) || size < header) throw malformed();
  if (position + size > fileBytes) throw unreadable(`is cut short: its ${type} box ends past its last byte`);
  return { type, start: position, size };
}

async function readAt(handle: FileHandle, into: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < into.length;) {
    const { bytesRead } = await handle.read(into, done, into.length - done, position + done);
    if (bytesRead === 0) throw new Error('the stored file is shorter than it was');
    done += bytesRead;
  }
}

/** The file's moov box, its top level walked to the end. */
async function movieBox(handle: FileHandle, fileBytes: number): Promise<TopLevelBox> {
  let window = Buffer.alloc(0);
  let windowStart = 0;
  let moov: TopLevelBox | null = null;
  let count = 0;
  for (let at = 0; at < fileBytes;) {
    if (++count > maxTopLevelBoxes) throw unreadable(`has more than ${maxTopLevelBoxes} boxes at its top level`);
    if (at + Math.min(16, fileBytes - at) > windowStart + window.length) {
      window = Buffer.alloc(Math.min(windowBytes, fileBytes - at));
      windowStart = at;
      await readAt(handle, window, at);
    }
    const box = boxAt(window, at - windowStart, at, fileBytes);
    if (box.type === 'moov') moov ??= box;
    at += box.size;
  }
  if (!moov) throw unreadable('has no movie header (moov box)');
  if (moov.size > maxMovieHeaderBytes)
    throw unreadable(`has a movie header (moov box) of more than ${maxMovieHeaderBytes} bytes`);
  return moov;
}

/** A count of `timescale` units in milliseconds; null when unknown (none, or all ones). */
function milliseconds(units: number | undefined, timescale: number): number | null {
  if (units === undefined || !Number.isSafeInteger(units) || units <= 0 || units === 0xffffffff) return null;
  return Math.round((units * 1000) / timescale);
}

/** What the parsed moov says: the first video track's size, the movie's duration. */
export function movieFacts(movie: Movie): VideoHeader {
  const timescale = movie.mvhd?.timescale;
  if (timescale === undefined || !(timescale > 0)) throw unreadable('has a movie header that cannot be read');
  const video = movie.traks?.find((trak) => trak.mdia?.hdlr?.handler === 'vide');
  if (!video) throw unreadable('has no video track');
  let width = Math.round((video.tkhd?.width ?? 0) / 0x10000);
  let height = Math.round((video.tkhd?.height ?? 0) / 0x10000);
  const matrix = video.tkhd?.matrix;
  if (width >= 1 && height >= 1 && matrix && matrix[0] === 0 && matrix[4] === 0 && matrix[1] && matrix[3])
    [width, height] = [height, width];
  if (width < 1 || height < 1) {
    const entry = video.mdia?.minf?.stbl?.stsd?.entries?.[0];
    width = typeof entry?.width === 'number' ? entry.width : 0;
    height = typeof entry?.height === 'number' ? entry.height : 0;
  }
  if (width < 1 || height < 1) throw unreadable('has a video track without a picture size');
  const durationMs =
    milliseconds(movie.mvhd?.duration, timescale) ?? milliseconds(movie.mvex?.mehd?.fragment_duration, timescale);
  return { width, height, durationMs };
}

/** The size and duration of the MP4 of `fileBytes` bytes open in `handle`. */
export async function readMp4Header(handle: FileHandle, fileBytes: number): Promise<VideoHeader> {
  const moov = await movieBox(handle, fileBytes);
  const { createFile, MP4BoxBuffer } = await import('mp4box');
  const buffer = new MP4BoxBuffer(moov.size);
  await readAt(handle, new Uint8Array(buffer), moov.start);
  const file = createFile();
  // Where it stops parsing it says so here (some of what it skips it prints on the console): what it has is read.
  file.onError = () => undefined;
  try {
    if (file.checkBuffer(buffer)) file.parse();
  } catch {
    // Boxes it could not make sense of: as far as it got.
  }
  return movieFacts(((file as { moov?: unknown }).moov ?? {}) as Movie);
}
