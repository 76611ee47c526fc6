// Media files uploaded through the admin API (POST /media/files), stored in MEDIA_FILES_DIR, where
// GET /media/files/<name> serves them. The body is streamed to a hidden file of that folder
// (dotfiles are never served) and counted as it comes: past MEDIA_UPLOAD_MAX_BYTES it is 413. What
// the file is comes from its first bytes (media-sniff.ts), never from its name; a Content-Type
// other than application/octet-stream must say the same, else 415. An MP4's size and duration are
// read from the hidden file once it is whole (media-mp4.ts: its movie header may be at its end),
// only then is it given its name. The stored name is the one given, made safe (letters, digits,
// "-", "_" and "."), with the extension of what the file is, and made unique without replacing a
// file (a link fails where the name is taken: the next one is tried). A folder that cannot be
// written is a fault outside the request: 503.
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.js';
import { readMp4Header } from './media-mp4.js';
import { fileKind, sniff, sniffBytes, type SniffedFile } from './media-sniff.js';

/** A file stored: where it is served, what it is. */
export interface StoredFile {
  url: string;
  width: number | null;
  height: number | null;
  /** A video's length, when its header gives it; null for images. */
  durationMs: number | null;
  contentType: string;
  bytes: number;
}

/** Content-Types an upload may be sent with: the media types taken, or none in particular. */
export const uploadContentTypes = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'];
export const anyBytes = 'application/octet-stream';
/** Characters of a stored name's stem at most. */
const maxStem = 100;
/** Names tried with a number (`look-2.jpg`, …) before a random one. */
const numberedTries = 20;
/** Errors of the file system that are no fault of the request. */
const storageFaults = new Set(['ENOTDIR', 'ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO', 'EMFILE', 'ENFILE']);

const unsupported = (why: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', why);

/** A stored name's stem: the given name's last segment, without its extension, made safe; null if none is left. */
export function safeStem(name: string): string | null {
  const last = name.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const stem = (dot > 0 ? last.slice(0, dot) : last)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, maxStem)
    .replace(/[-.]+$/, '');
  return stem === '' ? null : stem;
}

function storageFault(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && storageFaults.has(code)
    ? new AppError('SERVICE_UNAVAILABLE', 'The media files folder cannot be written just now', { reason: code })
    : error;
}

export class MediaFiles {
  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /**
   * Stores the body under a name made of `name`. `contentType`: the request's, without
   * parameters; `length`: its Content-Length when it gave one.
   */
  async upload(body: Readable, name: string, contentType: string, length: number | null): Promise<StoredFile> {
    const stem = safeStem(name);
    if (stem === null) throw new AppError('VALIDATION_FAILED', 'name must hold a letter or a digit', { field: 'name' });
    if (length !== null && length > this.maxBytes) throw this.tooLarge();
    const temporary = join(this.dir, `.upload-${randomBytes(12).toString('hex')}`);
    let handle: FileHandle | null = null;
    try {
      // A folder that is a file fails at the open (ENOTDIR), as a fault.
      await mkdir(this.dir, { recursive: true }).catch((error: { code?: unknown }) => {
        if (error.code !== 'EEXIST') throw error;
      });
      handle = await open(temporary, 'wx+');
      const { file, bytes } = await this.receive(body, handle, contentType);
      const video = file.contentType === 'video/mp4' ? await readMp4Header(handle, bytes) : file;
      await handle.close();
      handle = null;
      const stored = await this.keep(temporary, stem, file.extension);
      return {
        url: `/media/files/${stored}`,
        width: video.width,
        height: video.height,
        durationMs: video.durationMs,
        contentType: file.contentType,
        bytes,
      };
    } catch (error) {
      throw storageFault(error);
    } finally {
      await handle?.close().catch(() => undefined);
      await unlink(temporary).catch(() => undefined);
    }
  }

  /**
   * Writes the body to the file, counting it; what it is, from its first bytes. A body refused
   * midway is read no further but drained, not destroyed (as Fastify's own body limit does), so
   * that the answer still reaches the client.
   */
  private receive(
    body: Readable,
    handle: FileHandle,
    contentType: string,
  ): Promise<{ file: SniffedFile; bytes: number }> {
    return new Promise((resolve, reject) => {
      const head: Buffer[] = [];
      let headBytes = 0;
      let bytes = 0;
      let checked = false;
      let writing = Promise.resolve();
      const stop = (error: unknown) => {
        body.removeListener('data', onData);
        body.removeListener('end', onEnd);
        body.removeListener('error', stop);
        body.resume();
        reject(error);
      };
      const onData = (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > this.maxBytes) return stop(this.tooLarge());
        if (headBytes < sniffBytes) {
          head.push(chunk);
          headBytes += chunk.length;
        }
        try {
          // Refused as soon as its first bytes say what it is not, before the rest is stored.
          if (!checked && headBytes >= 16) {
            this.checkKind(Buffer.concat(head), contentType);
            checked = true;
          }
        } catch (error) {
          return stop(error);
        }
        body.pause();
        writing = writing.then(() => handle.write(chunk)).then(() => void body.resume(), stop);
      };
      const onEnd = () => {
        writing
          .then(() => {
            const first = Buffer.concat(head).subarray(0, sniffBytes);
            if (!checked) this.checkKind(first, contentType);
            const file = sniff(first);
            if (!file)
              throw unsupported('The file is not an image whose width and height can be read from its first bytes');
            resolve({ file, bytes });
          })
          .catch(reject);
      };
      body.on('data', onData);
      body.once('end', onEnd);
      body.once('error', stop);
    });
  }

  private checkKind(head: Buffer, contentType: string): void {
    const kind = fileKind(head);
    if (!kind) throw unsupported('The file is not a JPEG, PNG or WebP image, nor an MP4 or WebM video');
    if (contentType !== anyBytes && contentType !== kind.contentType)
      throw unsupported(`The file is ${kind.contentType}, not the ${contentType} its Content-Type says`);
  }

  /** Gives the file its name: the stem as given if free, else numbered, else with a random part. */
  private async keep(temporary: string, stem: string, extension: string): Promise<string> {
    const names = [
      `${stem}.${extension}`,
      ...Array.from({ length: numberedTries }, (_, index) => `${stem}-${index + 2}.${extension}`),
      `${stem}-${randomBytes(8).toString('hex')}.${extension}`,
    ];
    for (const name of names) {
      try {
        await link(temporary, join(this.dir, name));
        return name;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      }
    }
    throw new Error('no free name for the uploaded file');
  }

  private tooLarge(): AppError {
    return new AppError('PAYLOAD_TOO_LARGE', `A media file may have at most ${this.maxBytes} bytes`, {
      max_bytes: this.maxBytes,
    });
  }
}
