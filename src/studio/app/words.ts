// What the studio says when something fails: each refusal of the gateway in words a merchant can
// act on (which key, which file and why, which field), never a bare code.
import { StudioError } from './api.js';

export const keyRefused =
  'This key was refused: the gateway does not know it. Check the key (one of API_KEYS) and try again.';
export const needsAdminKey =
  'This is a client key: the studio needs an admin key (one listed in API_KEYS with the role admin).';
export const noAnswer = 'Could not reach the gateway. Check your connection and that the gateway runs, then try again.';

/** "1.5 MiB". */
export function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KiB`;
  const mib = bytes / (1024 * 1024);
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}

const later = (error: StudioError) => (error.retryAfter ? `in ${error.retryAfter} s` : 'in a moment');

/** Any failure, when no more particular words fit. */
export function problem(error: unknown): string {
  if (!(error instanceof StudioError)) return `Something went wrong in the studio: ${String(error)}`;
  if (error.status === 0) return noAnswer;
  if (error.status === 401) return keyRefused;
  if (error.status === 403) return needsAdminKey;
  if (error.status === 429) return `Too many requests for now: try again ${later(error)}.`;
  if (error.status >= 500) return `The gateway cannot do this just now (${error.message}): try again ${later(error)}.`;
  return `The gateway refused this: ${error.message}.`;
}

/** Whether the failure means the key no longer works (the studio then asks for one again). */
export const keyFailure = (error: unknown): error is StudioError =>
  error instanceof StudioError && (error.status === 401 || error.status === 403);

/** The key given at the start: refused, a client key, or another failure. */
export function keyProblem(status: number | null, error?: unknown): string {
  if (status === 401) return keyRefused;
  if (status === 403) return needsAdminKey;
  return problem(error);
}

const isSvg = (file: { name: string; type: string }) => file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name);

const accepted = 'The studio takes JPEG, PNG and WebP pictures and MP4 and WebM videos';

/** A file the gateway refused, or that is over its size before it is sent. */
export function fileProblem(error: unknown, file: { name: string; size: number; type: string }, maxBytes: number) {
  if (!(error instanceof StudioError)) return problem(error);
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') {
    const why = isSvg(file)
      ? 'SVG pictures are never taken, as they may hold scripts'
      : error.message.replace(/\.$/, '').replace(/^The file/, 'it');
    return `The file “${file.name}” was refused: ${why}. ${accepted}.`;
  }
  if (error.code === 'PAYLOAD_TOO_LARGE') {
    const max = Number(error.details.max_bytes) || maxBytes;
    return tooLarge(file, max);
  }
  if (error.code === 'VALIDATION_FAILED' && error.details.field === 'name')
    return `The file name “${file.name}” has no letter or digit to keep: rename the file and choose it again.`;
  return problem(error);
}

export const tooLarge = (file: { name: string; size: number }, maxBytes: number) =>
  `The file “${file.name}” is too large (${sizeInWords(file.size)}): ` +
  `the gateway takes files of at most ${sizeInWords(maxBytes)} (MEDIA_UPLOAD_MAX_BYTES).`;

/** A slug another media item of the type holds (409 MEDIA_SLUG_TAKEN). */
export function slugTaken(error: StudioError, slug: string): string {
  const type = error.details.type === 'video' ? 'video' : 'image';
  const holder = error.details.media_id ? ` ${String(error.details.media_id)}` : '';
  return `The slug “${String(error.details.slug ?? slug)}” is taken by ${type}${holder}: choose another slug.`;
}

export interface Problem {
  field: string;
  message: string;
}

/** The problems of a 400 VALIDATION_FAILED, each with the field the gateway named. */
export function problemsOf(error: StudioError): Problem[] {
  const listed = error.details.problems;
  if (Array.isArray(listed) && listed.length > 0)
    return listed.map((entry: { field?: unknown; message?: unknown }) => ({
      field: String(entry.field ?? ''),
      message: String(entry.message ?? ''),
    }));
  return [{ field: String(error.details.field ?? ''), message: error.message }];
}

/** A message about milliseconds said in seconds: "must be after start_ms (5000), got 3000" → "… (5 s), got 3 s". */
export function inSeconds(message: string): string {
  const seconds = (ms: string) => `${Number(ms) / 1000} s`;
  return message
    .replace(/\bstart_ms \((\d+)\)/g, (_all, ms: string) => `the start (${seconds(ms)})`)
    .replace(/\bend_ms \((\d+)\)/g, (_all, ms: string) => `the end (${seconds(ms)})`)
    .replace(/\bduration_ms \((\d+)\)/g, (_all, ms: string) => `the video's length (${seconds(ms)})`)
    .replace(/, got (\d+)$/, (_all, ms: string) => `, got ${seconds(ms)}`)
    .replace(/: (\d+) is after/, (_all, ms: string) => `: ${seconds(ms)} is after`);
}
