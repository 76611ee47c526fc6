// The catalog of the media admin tests: one store, four products, an image placing two of them and
// a video placing one by time; and what the tests share to read answers.
import type { TestApp } from '../helpers.js';
import { call, type Answer } from '../cart/cart-helpers.js';

const product = (id: number, title: string) => ({
  id,
  title,
  price: 10,
  currency: 'USD',
  skus: [{ sku_id: id * 10 + 1, merchant_id: 1, name: title, qty_available: 100, retail_price: 10, currency: 'USD' }],
});

export const mediaCatalog = {
  version: 1,
  stores: [
    {
      id: 1,
      name: 'north.example',
      marketplace: 'shopify',
      currency: 'USD',
      shipping_methods: [{ id: 'standard', label: 'Standard', price: 5 }],
      tax_rates: [],
    },
  ],
  products: [product(101, 'Jacket'), product(102, 'Mug'), product(103, 'Lamp'), product(104, 'Scarf')],
  media: [
    {
      type: 'image',
      id: 1,
      slug: 'autumn-look',
      file_name: 'look.jpg',
      url: '/media/files/look.jpg',
      width: 1200,
      height: 800,
      alt: 'A jacket and a mug on a bench',
      product_ids: [101, 102],
      placements: [
        { product_id: 101, x: 0.2, y: 0.3 },
        { product_id: 102, x: 0.6, y: 0.7 },
      ],
    },
    {
      type: 'video',
      id: 2,
      slug: 'lamp-clip',
      file_name: 'clip.mp4',
      url: '/media/files/clip.mp4',
      width: 1280,
      height: 720,
      duration_ms: 10_000,
      product_ids: [103],
      placements: [{ product_id: 103, start_ms: 0, end_ms: 4000 }],
    },
  ],
};

/** A valid new image, as POST /media takes it. */
export const newImage = {
  type: 'image',
  slug: 'winter-look',
  url: 'https://cdn.example/winter.jpg',
  width: 1000,
  height: 1500,
  alt: 'A scarf by the window',
  product_ids: [104],
};

export interface AdminMediaJson {
  id: number;
  slug: string;
  file_name: string;
  platform: string | null;
  type: 'image' | 'video';
  url: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  poster_url: string | null;
  alt: string | null;
  captions_url: string | null;
  product_ids: number[];
}

export interface ErrorJson {
  code: string;
  message: string;
  details?: { field?: string; problems?: { field: string; message: string }[] } & Record<string, unknown>;
}

/** A request with a JSON body (or none), with these headers. */
export function send<T = Record<string, unknown>>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  return call<T>(t, { method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
