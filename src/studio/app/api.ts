// The studio's calls to this gateway: the media admin API (docs/media.md), the catalog's media and
// search routes, media performance and the ranking (docs/analytics.md), all REST, each with the admin
// key the merchant gave (x-api-key), never in a URL. A refusal is a StudioError with the gateway's
// code and details; no answer at all is status 0.

import type { components } from '../../client/generated/rest-api.js';

/** The REST answers' shapes, as the OpenAPI document declares them (generated: npm run generate). */
type Schemas = components['schemas'];

/**
 * A media item as the media admin API answers it. One imported from a catalog document may lack
 * its URL and its size (`url`, `width`, `height` null).
 */
export type MediaItem = Schemas['AdminMedia'];

export type MediaPage = Schemas['MediaList'];

/** A file POST /media/files stored. */
export type StoredFile = Schemas['MediaFile'];

export type PlacementView = Schemas['Placement'];

export interface PlacementInput {
  product_id: number;
  x: number | null;
  y: number | null;
  start_ms: number | null;
  end_ms: number | null;
}

/** A product as the catalog's REST routes and the search show it (what the studio reads of it). */
export type ProductSummary = Pick<Schemas['Product'], 'id' | 'title' | 'brand' | 'price' | 'currency' | 'images'>;

export interface NewMedia {
  type: 'image' | 'video';
  slug: string;
  url: string;
  width: number;
  height: number;
  duration_ms?: number;
  alt?: string;
}

export type { Revenue } from './money.js';

/** GET /media/{id}/performance. */
export type MediaPerformance = Schemas['MediaPerformance'];

/** One bucket of a media item's series: an hour or a day (UTC) from `at`. */
export type PerformanceBucket = NonNullable<MediaPerformance['series']>[number];

export type PlacementFigures = MediaPerformance['by_placement'][number];

/** GET /analytics/media: the media ranked by a figure. */
export type MediaRanking = Schemas['MediaRanking'];

export type RankingSort = MediaRanking['sort'];

export type RankedMedia = MediaRanking['media'][number];

/** A window of time, both ends included (ISO 8601). */
export interface TimeWindow {
  from: string;
  to: string;
}

/** What the catalog shows of a media item: itself, its placements and its products. */
export interface MediaShown {
  media: MediaItem;
  placements: PlacementView[];
  products: ProductSummary[];
}

type PlacementsAnswer = Schemas['PlacementsAnswer'];

interface ProductsAnswer {
  image_info?: { file_name: string; platform: string | null };
  video_info?: { file_name: string; platform: string | null };
  products: ProductSummary[];
}

export class StudioError extends Error {
  constructor(
    /** The answer's status; 0 when none came. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** Retry-After, in seconds, when the answer gave it. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

interface RequestOptions {
  json?: unknown;
  body?: Blob;
  contentType?: string;
  /** Another key than the studio's (the embed code's client key, checked); null sends none. */
  key?: string | null;
  signal?: AbortSignal;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export class StudioApi {
  constructor(readonly key: string | null) {}

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = {};
    const key = options.key === undefined ? this.key : options.key;
    if (key) headers['x-api-key'] = key;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body) {
      headers['content-type'] = options.contentType ?? 'application/octet-stream';
      body = options.body;
    }
    let response: Response;
    try {
      response = await fetch(path, { method, headers, body, cache: 'no-store', signal: options.signal ?? null });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new StudioError(0, 'NETWORK', 'No answer from the gateway');
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) throw failure(response, parsed);
    return parsed as T;
  }

  listMedia(query: string, after: string | null, signal?: AbortSignal): Promise<MediaPage> {
    const params = new URLSearchParams({ first: '24' });
    if (query.trim()) params.set('q', query.trim().slice(0, 200));
    if (after) params.set('after', after);
    return this.request('GET', `/media?${params}`, signal ? { signal } : {});
  }

  /** Whether a key is the gateway's: answers 200 (an admin key), 403 (a client key) or 401 (unknown). */
  async keyStatus(key: string): Promise<number> {
    try {
      await this.request('GET', '/media?first=1', { key });
      return 200;
    } catch (error) {
      if (error instanceof StudioError && (error.status === 401 || error.status === 403)) return error.status;
      throw error;
    }
  }

  upload(file: Blob, name: string, contentType: string): Promise<StoredFile> {
    return this.request('POST', `/media/files?name=${encodeURIComponent(name)}`, { body: file, contentType });
  }

  async createMedia(media: NewMedia): Promise<MediaItem> {
    return (await this.request<{ media: MediaItem }>('POST', '/media', { json: media })).media;
  }

  async placements(media: MediaItem): Promise<PlacementView[]> {
    return (await this.request<{ placements: PlacementView[] }>('GET', `/${media.type}/${media.id}/placements`))
      .placements;
  }

  /** The products the media item shows (their titles name its placements). */
  async products(media: MediaItem): Promise<ProductSummary[]> {
    return (await this.request<ProductsAnswer>('GET', `/${media.type}/${media.id}`)).products;
  }

  async setPlacements(media: MediaItem, placements: PlacementInput[]): Promise<PlacementView[]> {
    const path = `/media/${media.id}/placements`;
    return (await this.request<{ placements: PlacementView[] }>('PUT', path, { json: { placements } })).placements;
  }

  /** The media item as the catalog shows it now, from its placements' and its products' answers. */
  async mediaShown(ref: { id: number; type: 'image' | 'video' }, signal?: AbortSignal): Promise<MediaShown> {
    const options = signal ? { signal } : {};
    const [shown, info] = await Promise.all([
      this.request<PlacementsAnswer>('GET', `/${ref.type}/${ref.id}/placements`, options),
      this.request<ProductsAnswer>('GET', `/${ref.type}/${ref.id}`, options),
    ]);
    const about = ref.type === 'image' ? info.image_info : info.video_info;
    const media: MediaItem = {
      ...shown.media,
      type: ref.type,
      width: shown.media.width ?? 1,
      height: shown.media.height ?? 1,
      file_name: about?.file_name ?? shown.media.slug,
      platform: about?.platform ?? null,
      product_ids: info.products.map((product) => product.id),
    };
    return { media, placements: shown.placements, products: info.products };
  }

  /** What a media item brought over a window, with its series by `interval`. */
  performance(id: number, window: TimeWindow, interval: 'hour' | 'day', signal?: AbortSignal) {
    const params = new URLSearchParams({ ...window, interval });
    return this.request<MediaPerformance>('GET', `/media/${id}/performance?${params}`, signal ? { signal } : {});
  }

  /** A page of media items ranked by `sort` over a window, most first. */
  ranking(sort: RankingSort, window: TimeWindow, after: string | null, signal?: AbortSignal) {
    const params = new URLSearchParams({ ...window, sort, first: '24' });
    if (after) params.set('after', after);
    return this.request<MediaRanking>('GET', `/analytics/media?${params}`, signal ? { signal } : {});
  }

  /** The first results of a search, and how many products match in all. */
  async searchProducts(query: string, signal: AbortSignal): Promise<{ products: ProductSummary[]; total: number }> {
    const params = new URLSearchParams({ q: query.trim().slice(0, 200), limit: '12' });
    const { products, total } = await this.request<{ products: ProductSummary[]; total?: number }>(
      'GET',
      `/search/products?${params}`,
      { signal },
    );
    return { products, total: total ?? products.length };
  }
}

function failure(response: Response, body: unknown): StudioError {
  const answer = (body ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  const retry = Number(response.headers.get('retry-after'));
  return new StudioError(
    response.status,
    typeof answer.code === 'string' ? answer.code : `HTTP_${response.status}`,
    typeof answer.message === 'string' ? answer.message : response.statusText,
    typeof answer.details === 'object' && answer.details !== null ? (answer.details as Record<string, unknown>) : {},
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}
