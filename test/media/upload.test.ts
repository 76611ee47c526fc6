// POST /media/files on the engine under test: JPEG, PNG, WebP, MP4 and WebM files stored in
// MEDIA_FILES_DIR (a scratch folder here) under safe, unique names and served at once; what the
// file is read from its bytes (an image's size too); everything else refused (415), a file past
// MEDIA_UPLOAD_MAX_BYTES refused (413), a client key refused (403), none of them leaving a file.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/paths.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call } from '../cart/cart-helpers.js';
import { mediaCatalog } from './media-fixture.js';

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
      [201, '/media/files/clip.mp4', 'video/mp4', null, null],
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
