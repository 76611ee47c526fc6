// POST /media/files on the engine under test: JPEG, PNG, WebP, MP4 and WebM files stored in
// MEDIA_FILES_DIR (a scratch folder here) under safe, unique names and served at once; what the
// file is read from its bytes (an image's size, a video's size and duration too); everything else
// refused (415), an MP4 whose header cannot be read too, a file past MEDIA_UPLOAD_MAX_BYTES refused
// (413), a client key refused (403), none of them leaving a file.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/paths.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call } from '../cart/cart-helpers.js';
import { mediaCatalog } from './media-fixture.js';
import {
  box,
  boxAt,
  changed,
  doubleData,
  ebml,
  element,
  headerNumbers,
  movieHeaderLast,
  offsets,
  uintData,
  unknownSize,
  webmStart,
} from './video-bytes.js';

const adminKey = 'admin-key-0123456789';
const clientKey = 'client-key-0123456789';
const admin = { 'x-api-key': adminKey };

const jpeg = () => readFile(join(projectRoot, 'prisma', 'seed', 'media', 'autumn-ridge-layers.jpg'));
const png = () => readFile(join(projectRoot, 'src', 'embed', 'storefront.png'));
const mp4 = () => readFile(join(projectRoot, 'prisma', 'seed', 'media', 'demo-clip.mp4'));
/** A WebP's header as an extended (VP8X) file starts: a 640 × 360 canvas. */
function webp(): Buffer {
  const bytes = Buffer.alloc(64);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(56, 4);
  bytes.write('WEBPVP8X', 8, 'latin1');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(639, 24, 3);
  bytes.writeUIntLE(359, 27, 3);
  return bytes;
}
/** A WebM's start: an EBML header whose DocType is webm. */
const webm = () =>
  Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(40)]);
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>x()</script></svg>');

interface FileJson {
  url: string;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  content_type: string;
  bytes: number;
}

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-upload-'));
  t = await createTestApp(mediaCatalog, {
    MEDIA_FILES_DIR: dir,
    API_KEYS: `${clientKey}:client,${adminKey}:admin`,
  });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const upload = (
  body: Buffer | Readable,
  name: string | null,
  contentType: string,
  headers: Record<string, string> = admin,
  app = t,
) =>
  call<FileJson & { code?: string; details?: Record<string, unknown> }>(app, {
    method: 'POST',
    url: name === null ? '/media/files' : `/media/files?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': contentType, ...headers },
    payload: body,
  });

describe('POST /media/files', () => {
  it('stores a JPEG under a safe name, reads its size, serves it at once; the same name again is numbered', async () => {
    const bytes = await jpeg();
    const stored = await upload(bytes, '../My Crème Look!.JPEG', 'image/jpeg');
    expect([stored.status, stored.body]).toStrictEqual([
      201,
      {
        url: '/media/files/My-Creme-Look.jpg',
        width: 800,
        height: 1000,
        duration_ms: null,
        content_type: 'image/jpeg',
        bytes: bytes.length,
      },
    ]);
    const served = await t.app.inject({ method: 'GET', url: stored.body.url });
    expect([served.statusCode, served.headers['content-type']]).toStrictEqual([200, 'image/jpeg']);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const again = await upload(bytes, 'My Crème Look.jpg', 'image/jpeg');
    expect(again.body.url).toBe('/media/files/My-Creme-Look-2.jpg');
    // A media item may then name it.
    const media = await call(t, {
      method: 'POST',
      url: '/media',
      headers: admin,
      payload: { type: 'image', slug: 'uploaded', url: again.body.url, width: 800, height: 1000 },
    });
    expect(media.status).toBe(201);
  });

  it('reads PNG, WebP, MP4 and WebM files by their bytes, whatever their name or a generic Content-Type', async () => {
    const answers = [
      await upload(await png(), 'shot.gif', 'application/octet-stream'),
      await upload(webp(), 'banner', 'image/webp'),
      await upload(await mp4(), 'clip.mov', 'video/mp4'),
      await upload(webm(), 'clip', 'application/octet-stream'),
    ];
    expect(
      answers.map(({ status, body }) => [status, body.url, body.content_type, body.width, body.height]),
    ).toStrictEqual([
      [201, '/media/files/shot.png', 'image/png', 1280, 900],
      [201, '/media/files/banner.webp', 'image/webp', 640, 360],
      [201, '/media/files/clip.mp4', 'video/mp4', 360, 640],
      [201, '/media/files/clip.webm', 'video/webm', null, null],
    ]);
  });

  it('refuses SVG, other bytes, and bytes another Content-Type names (415), storing nothing', async () => {
    const before = await readdir(dir);
    const refusals = [
      await upload(svg, 'logo.svg', 'image/svg+xml'),
      await upload(svg, 'logo.png', 'application/octet-stream'),
      await upload(Buffer.from('just some text, not an image at all'), 'notes', 'application/octet-stream'),
      await upload(await jpeg(), 'look.png', 'image/png'),
      await upload(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]),
        'cut',
        'image/png',
      ),
    ];
    expect(refusals.map(({ status, body }) => [status, body.code])).toStrictEqual(
      Array.from({ length: 5 }, () => [415, 'UNSUPPORTED_MEDIA_TYPE']),
    );
    expect((refusals[3]!.body as { message?: string }).message).toBe(
      'The file is image/jpeg, not the image/png its Content-Type says',
    );
    expect(await readdir(dir)).toStrictEqual(before);
  });

  it('refuses a name with nothing to keep and a missing name (400), a client key (403), no key (401)', async () => {
    const before = await readdir(dir);
    const bad = await upload(await jpeg(), '../..', 'image/jpeg');
    expect([bad.status, bad.body.code, bad.body.details]).toStrictEqual([400, 'VALIDATION_FAILED', { field: 'name' }]);
    expect((await upload(await jpeg(), null, 'image/jpeg')).status).toBe(400);
    const client = await upload(await jpeg(), 'look', 'image/jpeg', { 'x-api-key': clientKey });
    expect([client.status, client.body.code]).toStrictEqual([403, 'FORBIDDEN']);
    expect((await upload(await jpeg(), 'look', 'image/jpeg', {})).status).toBe(401);
    expect(await readdir(dir)).toStrictEqual(before);
  });

  it('leaves the other routes refusing these types as before (415)', async () => {
    const cart = await call(t, {
      method: 'POST',
      url: '/cart',
      headers: { 'content-type': 'image/png', 'x-api-key': clientKey },
      payload: await png(),
    });
    expect([cart.status, (cart.body as { code: string }).code]).toStrictEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });
});

describe("A video's size and duration", () => {
  const sizeOf = ({ status, body }: { status: number; body: FileJson }) => [
    status,
    body.width,
    body.height,
    body.duration_ms,
  ];

  it("reads an MP4's from its movie header, at its start or at its end behind the samples", async () => {
    const demo = await mp4();
    // The numbers of its mvhd and tkhd, read by hand (Chromium's video element says the same:
    // 360 × 640, 12 s).
    expect(headerNumbers(demo)).toStrictEqual({ durationMs: 12000, width: 360, height: 640 });
    expect(boxAt(demo, 'moov').start).toBeLessThan(boxAt(demo, 'mdat').start);
    const first = await upload(demo, 'clip-first.mp4', 'video/mp4');
    expect(first.body).toStrictEqual({
      url: '/media/files/clip-first.mp4',
      width: 360,
      height: 640,
      duration_ms: 12000,
      content_type: 'video/mp4',
      bytes: demo.length,
    });
    // ftyp, mdat (a 64-bit size), 300 KB of free, then moov: past the first bytes read to sniff.
    const last = movieHeaderLast(demo, 300_000);
    expect(boxAt(last, 'moov').start).toBeGreaterThan(300_000 + boxAt(last, 'mdat').start);
    expect(headerNumbers(last)).toStrictEqual(headerNumbers(demo));
    const stored = await upload(last, 'clip-last.mp4', 'application/octet-stream');
    expect(sizeOf(stored)).toStrictEqual([201, 360, 640, 12000]);
    expect((await readFile(join(dir, 'clip-last.mp4'))).equals(last)).toBe(true);
  });

  it("turns the size by a quarter turn of the track's matrix, else takes its sample entry's; ms by the timescale, from mehd, or none", async () => {
    const demo = await mp4();
    const quarterTurn = changed(demo, 'moov/trak/tkhd', (copy, tkhd) => {
      const matrix = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
      matrix.forEach((value, index) => copy.writeInt32BE(value, tkhd + offsets.tkhdMatrix + index * 4));
    });
    const noTrackSize = changed(
      changed(demo, 'moov/trak/tkhd', (copy, tkhd) => {
        copy.writeUInt32BE(0, tkhd + offsets.tkhdWidth);
        copy.writeUInt32BE(0, tkhd + offsets.tkhdHeight);
      }),
      'moov/trak/mdia/minf/stbl/stsd',
      (copy, stsd) => {
        copy.writeUInt16BE(362, stsd + offsets.stsdWidth);
        copy.writeUInt16BE(642, stsd + offsets.stsdHeight);
      },
    );
    // 7201 units of 1/600 s: 12,001.67 ms.
    const otherTimescale = changed(demo, 'moov/mvhd', (copy, mvhd) => {
      copy.writeUInt32BE(600, mvhd + offsets.mvhdTimescale);
      copy.writeUInt32BE(7201, mvhd + offsets.mvhdDuration);
    });
    // A fragmented file's duration: none in mvhd, 9 s in mvex/mehd; an unknown one (all ones) and none.
    const unknown = changed(demo, 'moov/mvhd', (copy, mvhd) =>
      copy.writeUInt32BE(0xffffffff, mvhd + offsets.mvhdDuration),
    );
    const moov = boxAt(unknown, 'moov');
    const mehd = box('mehd', Buffer.from([0, 0, 0, 0]), uintData(9000));
    const fragmented = Buffer.concat([
      unknown.subarray(0, moov.start),
      box('moov', unknown.subarray(moov.start + 8, moov.start + moov.size), box('mvex', mehd)),
      unknown.subarray(moov.start + moov.size),
    ]);
    const answers = [
      await upload(quarterTurn, 'turned', 'video/mp4'),
      await upload(noTrackSize, 'entry', 'video/mp4'),
      await upload(otherTimescale, 'timescale', 'video/mp4'),
      await upload(fragmented, 'fragmented', 'video/mp4'),
      await upload(unknown, 'unknown', 'video/mp4'),
    ];
    expect(answers.map(sizeOf)).toStrictEqual([
      [201, 640, 360, 12000],
      [201, 362, 642, 12000],
      [201, 360, 640, 12002],
      [201, 360, 640, 9000],
      [201, 360, 640, null],
    ]);
  });

  it('refuses an MP4 whose header cannot be read (415), saying why, storing nothing', async () => {
    const before = await readdir(dir);
    const demo = await mp4();
    const ftyp = demo.subarray(0, boxAt(demo, 'ftyp').size);
    const mdat = boxAt(demo, 'mdat');
    const moov = boxAt(demo, 'moov');
    const last = movieHeaderLast(demo, 1000);
    const cases: [Buffer, string][] = [
      [demo.subarray(0, demo.length - 1000), 'is cut short: its mdat box ends past its last byte'],
      [last.subarray(0, last.length - 100), 'is cut short: its moov box ends past its last byte'],
      [Buffer.concat([ftyp, Buffer.alloc(400, 0x9a)]), `is malformed: no box can be read at byte ${ftyp.length}`],
      [Buffer.concat([ftyp, Buffer.from([0, 0, 0])]), `is malformed: no box can be read at byte ${ftyp.length}`],
      [Buffer.concat([ftyp, demo.subarray(mdat.start)]), 'has no movie header (moov box)'],
      [
        changed(demo, 'moov/trak/mdia/hdlr', (copy, hdlr) => copy.write('soun', hdlr + offsets.hdlrHandler, 'latin1')),
        'has no video track',
      ],
      [
        changed(demo, 'moov', (copy, start) => copy.fill(0, start + 8, start + moov.size)),
        'has a movie header that cannot be read',
      ],
      [
        Buffer.concat([ftyp, ...Array.from({ length: 100_000 }, () => box('free')), demo.subarray(moov.start)]),
        'has more than 100000 boxes at its top level',
      ],
      [
        Buffer.concat([
          ftyp,
          box(
            'moov',
            demo.subarray(moov.start + 8, moov.start + moov.size),
            box('free', Buffer.alloc(8 * 1024 * 1024)),
          ),
        ]),
        'has a movie header (moov box) of more than 8388608 bytes',
      ],
    ];
    const answers = [];
    for (const [bytes, why] of cases) answers.push([await upload(bytes, 'broken', 'video/mp4'), why] as const);
    expect(
      answers.map(([{ status, body }]) => [status, body.code, (body as { message?: string }).message]),
    ).toStrictEqual(answers.map(([, why]) => [415, 'UNSUPPORTED_MEDIA_TYPE', `The MP4 file ${why}`]));
    expect(await readdir(dir)).toStrictEqual(before);
  });

  it("reads a WebM's from its first bytes: a browser's recording, a muxer's layout, a live one; else null", async () => {
    // Recorded by Chromium's MediaRecorder from a 320 × 176 canvas; its video element says 0.510178 s.
    const recorded = await readFile(join(projectRoot, 'test', 'fixtures', 'recorded.webm'));
    const videoTrack = element(
      ebml.trackEntry,
      element(ebml.trackType, uintData(1, 1)),
      element(ebml.video, element(ebml.pixelWidth, uintData(1920, 2)), element(ebml.pixelHeight, uintData(1080, 2))),
    );
    const tracks = element(ebml.tracks, element(ebml.trackEntry, element(ebml.trackType, uintData(2, 1))), videoTrack);
    const cluster = element(ebml.cluster, Buffer.alloc(64, 0xa3));
    // 8000.6 units of 0.5 ms: 4,000.3 ms.
    const info = element(
      ebml.info,
      element(ebml.timecodeScale, uintData(500_000, 3)),
      element(ebml.duration, doubleData(8000.6)),
    );
    const muxed = Buffer.concat([webmStart(), element(ebml.segment, info, tracks, cluster)]);
    // Sizes all ones: unknown, running to the end (0xff, in one byte, is not 127 bytes).
    const live = Buffer.concat([
      webmStart(),
      unknownSize(
        ebml.segment,
        1,
        element(ebml.info),
        element(ebml.void, Buffer.alloc(200)),
        tracks,
        unknownSize(ebml.cluster, 8),
      ),
    ]);
    // Tracks behind 300 KB: past the first bytes read.
    const late = Buffer.concat([
      webmStart(),
      element(ebml.segment, info, element(ebml.void, Buffer.alloc(300_000)), tracks),
    ]);
    // A size past the end of the file; a size of none (a zero byte): read no further.
    const pastTheEnd = Buffer.from([0xec, 0x01, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    const malformed = [pastTheEnd, Buffer.from([0xae, 0x00])].map((bad) =>
      Buffer.concat([webmStart(), element(ebml.segment, info, bad, tracks)]),
    );
    const answers = [
      await upload(recorded, 'recorded', 'video/webm'),
      await upload(muxed, 'muxed', 'video/webm'),
      await upload(live, 'live', 'video/webm'),
      await upload(late, 'late', 'video/webm'),
      await upload(malformed[0]!, 'past-the-end', 'video/webm'),
      await upload(malformed[1]!, 'no-size', 'video/webm'),
    ];
    expect(answers.map(sizeOf)).toStrictEqual([
      [201, 320, 176, 510],
      [201, 1920, 1080, 4000],
      [201, 1920, 1080, null],
      [201, null, null, 4000],
      [201, null, null, 4000],
      [201, null, null, 4000],
    ]);
  });
});

describe('MEDIA_UPLOAD_MAX_BYTES and a folder that cannot be written', () => {
  let small: TestApp;
  let broken: TestApp;
  let smallDir: string;
  beforeAll(async () => {
    smallDir = await mkdtemp(join(tmpdir(), 'media-upload-small-'));
    small = await createTestApp(null, { MEDIA_FILES_DIR: smallDir, MEDIA_UPLOAD_MAX_BYTES: '4096' });
    // A folder that is gone once the gateway started, a file in its place.
    const gone = join(smallDir, 'gone');
    await mkdir(gone);
    broken = await createTestApp(null, { MEDIA_FILES_DIR: gone });
    await rm(gone, { recursive: true });
    await writeFile(gone, 'x');
  });
  afterAll(async () => {
    await small.close();
    await broken.close();
    await rm(smallDir, { recursive: true, force: true });
  });

  it('refuses a file past the limit (413), by its Content-Length or as it is counted, storing nothing', async () => {
    const bytes = await jpeg();
    const declared = await upload(bytes, 'big', 'image/jpeg', {}, small);
    expect([declared.status, declared.body.code, declared.body.details]).toStrictEqual([
      413,
      'PAYLOAD_TOO_LARGE',
      { max_bytes: 4096 },
    ]);
    const streamed = await upload(
      Readable.from([bytes.subarray(0, 3000), bytes.subarray(3000)]),
      'big',
      'image/jpeg',
      {},
      small,
    );
    expect([streamed.status, streamed.body.code]).toStrictEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await readdir(smallDir)).toStrictEqual(['gone']);
    const fits = await upload(webp(), 'small', 'image/webp', {}, small);
    expect(fits.status).toBe(201);
  });

  it('answers 503 with Retry-After when MEDIA_FILES_DIR cannot be written', async () => {
    const answer = await upload(await jpeg(), 'look', 'image/jpeg', {}, broken);
    expect([answer.status, answer.body.code, answer.headers['retry-after']]).toStrictEqual([
      503,
      'SERVICE_UNAVAILABLE',
      '1',
    ]);
  });
});
