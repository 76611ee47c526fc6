// Video files for the upload tests, made and read by hand: an MP4's boxes found, read and rewritten
// (its movie header moved to the end, its numbers changed) without mp4box, and WebM files written
// element by element.

/** A box of an MP4: its type, where it starts, its size and its header's. */
export interface Box {
  type: string;
  start: number;
  size: number;
  header: number;
}

const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

/** The boxes from `start` to `end`, one level. */
export function boxesOf(bytes: Buffer, start = 0, end = bytes.length): Box[] {
  const found: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) [size, header] = [Number(bytes.readBigUInt64BE(at + 8)), 16];
    if (size === 0) size = end - at;
    found.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, size, header });
    at += size;
  }
  return found;
}

/** The first box at this path of types (`moov/trak/tkhd`). */
export function boxAt(bytes: Buffer, path: string): Box {
  let level = boxesOf(bytes);
  let box: Box | undefined;
  for (const type of path.split('/')) {
    box = level.find((candidate) => candidate.type === type);
    if (!box) throw new Error(`no ${path}`);
    if (containers.has(type)) level = boxesOf(bytes, box.start + box.header, box.start + box.size);
  }
  return box!;
}

/** A version 0 mvhd's timescale and duration, a version 0 tkhd's matrix, width and height (16.16). */
export const offsets = {
  mvhdTimescale: 20,
  mvhdDuration: 24,
  tkhdMatrix: 48,
  tkhdWidth: 84,
  tkhdHeight: 88,
  /** The first sample entry's width and height, from the stsd box's start. */
  stsdWidth: 16 + 32,
  stsdHeight: 16 + 34,
  hdlrHandler: 16,
};

/** What the file's headers say, read by hand: its duration in ms, its video track's size. */
export function headerNumbers(bytes: Buffer): { durationMs: number; width: number; height: number } {
  const mvhd = boxAt(bytes, 'moov/mvhd').start;
  const tkhd = boxAt(bytes, 'moov/trak/tkhd').start;
  return {
    durationMs:
      (bytes.readUInt32BE(mvhd + offsets.mvhdDuration) * 1000) / bytes.readUInt32BE(mvhd + offsets.mvhdTimescale),
    width: bytes.readUInt32BE(tkhd + offsets.tkhdWidth) / 0x10000,
    height: bytes.readUInt32BE(tkhd + offsets.tkhdHeight) / 0x10000,
  };
}

/** A copy whose box at `path` is changed by `change` (given the copy and the box's start). */
export function changed(bytes: Buffer, path: string, change: (copy: Buffer, start: number) => void): Buffer {
  const copy = Buffer.from(bytes);
  change(copy, boxAt(copy, path).start);
  return copy;
}

/** A box of this type around this data. */
export function box(type: string, ...data: Buffer[]): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + data.reduce((sum, part) => sum + part.length, 0));
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, ...data]);
}

/**
 * The file laid out as a camera writes it: ftyp, mdat (with a 64-bit size), a free box of `gap`
 * bytes, then moov, its chunk offsets (stco) moved with the samples, so that it still plays.
 */
export function movieHeaderLast(bytes: Buffer, gap: number): Buffer {
  const ftyp = boxAt(bytes, 'ftyp');
  const mdat = boxAt(bytes, 'mdat');
  const samples = bytes.subarray(mdat.start + mdat.header, mdat.start + mdat.size);
  const mdatHeader = Buffer.alloc(16);
  mdatHeader.writeUInt32BE(1);
  mdatHeader.write('mdat', 4, 'latin1');
  mdatHeader.writeBigUInt64BE(BigInt(16 + samples.length), 8);
  const moved = ftyp.size + 16 - (mdat.start + mdat.header);
  const moov = changed(bytes, 'moov/trak/mdia/minf/stbl/stco', (copy, stco) => {
    for (let entry = 0; entry < copy.readUInt32BE(stco + 12); entry++) {
      const at = stco + 16 + entry * 4;
      copy.writeUInt32BE(copy.readUInt32BE(at) + moved, at);
    }
  });
  const moovBox = boxAt(moov, 'moov');
  return Buffer.concat([
    bytes.subarray(0, ftyp.size),
    mdatHeader,
    samples,
    box('free', Buffer.alloc(gap - 8)),
    moov.subarray(moovBox.start, moovBox.start + moovBox.size),
  ]);
}

/** An EBML ID's bytes (its length marker is part of it). */
function idBytes(id: number): Buffer {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

/** An EBML element: its ID, its size in 8 bytes, its data. */
export function element(id: number, ...data: Buffer[]): Buffer {
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.reduce((sum, part) => sum + part.length, 0)) | (1n << 56n));
  return Buffer.concat([idBytes(id), size, ...data]);
}

/** An element of unknown size (a live recording's Segment): its size all ones, in one byte or in eight. */
export function unknownSize(id: number, sizeBytes: 1 | 8, ...data: Buffer[]): Buffer {
  const size = sizeBytes === 1 ? [0xff] : [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  return Buffer.concat([idBytes(id), Buffer.from(size), ...data]);
}

export const uintData = (value: number, bytes = 4) => {
  const data = Buffer.alloc(bytes);
  data.writeUIntBE(value, 0, bytes);
  return data;
};
export const doubleData = (value: number) => {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return data;
};

/** Matroska's element IDs, as the specification numbers them. */
export const ebml = {
  header: 0x1a45dfa3,
  docType: 0x4282,
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
  void: 0xec,
  cluster: 0x1f43b675,
};

/** A WebM's EBML header (DocType webm). */
export const webmStart = () => element(ebml.header, element(ebml.docType, Buffer.from('webm')));
