// The large catalog of issue 14 ("Scale"): 200,000 products × 3 SKUs, 20,000 media items of 10
// products each, 5 comparables per product (1,000,000 similar pairs), 5 stores. Deterministic
// (same shape, same bytes) and written through a write stream one record at a time: the document
// is never held in memory. Records have the shapes of the bench catalog (bench/catalog.ts).
//
//   node dist/bench/large-catalog.js [file] [--products N] [--order stores,products,media,similar]
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatedProduct, generatedStore, generator } from './catalog.js';

export interface LargeShape {
  stores: number;
  products: number;
  skusPerProduct: number;
  media: number;
  productsPerMedia: number;
  similarPerProduct: number;
}

export const largeShape: LargeShape = {
  stores: 5,
  products: 200_000,
  skusPerProduct: 3,
  media: 20_000,
  productsPerMedia: 10,
  similarPerProduct: 5,
};

export type Section = 'stores' | 'products' | 'media' | 'similar';
export const canonicalOrder: Section[] = ['stores', 'products', 'media', 'similar'];

/** The shape scaled to `products` products (media and stores scaled alike, at least 1). */
export function scaledShape(products: number): LargeShape {
  const factor = products / largeShape.products;
  return {
    ...largeShape,
    products,
    media: Math.max(1, Math.round(largeShape.media * factor)),
    productsPerMedia: Math.min(largeShape.productsPerMedia, products),
  };
}

/** Rows the import writes for a shape: products + SKUs + media + similar pairs. */
export function rowCounts(shape: LargeShape) {
  const similarPerProduct = Math.min(shape.similarPerProduct, shape.products - 1);
  return {
    stores: shape.stores,
    products: shape.products,
    skus: shape.products * shape.skusPerProduct,
    media: shape.media,
    mediaLinks: shape.media * shape.productsPerMedia,
    similar: shape.products * similarPerProduct,
  };
}

const sizes = ['S', 'M', 'L', 'XL', 'XXL'];

function media(shape: LargeShape, index: number) {
  const id = index + 1;
  const size = shape.productsPerMedia;
  const start = (id * 37) % Math.max(1, shape.products - size + 1);
  return {
    type: 'image',
    id,
    slug: `large-media-${id}`,
    file_name: `large-${id}.jpg`,
    platform: 'instagram',
    product_ids: Array.from({ length: size }, (_, n) => start + n + 1),
  };
}

/** The records of one section, one at a time. */
function* records(shape: LargeShape, section: Section): Generator<unknown> {
  if (section === 'stores') for (let index = 0; index < shape.stores; index += 1) yield generatedStore('large', index);
  if (section === 'products') {
    const random = generator(42);
    for (let index = 0; index < shape.products; index += 1)
      yield generatedProduct('large', index, shape.stores, sizes.slice(0, shape.skusPerProduct), random);
  }
  if (section === 'media') for (let index = 0; index < shape.media; index += 1) yield media(shape, index);
  if (section === 'similar') {
    const perProduct = Math.min(shape.similarPerProduct, shape.products - 1);
    for (let index = 0; index < shape.products; index += 1) {
      for (let n = 0; n < perProduct; n += 1) {
        // 97 × n + 1 is never a multiple of the product count here, so never the product itself.
        let similar = ((index + 1 + n * 97) % shape.products) + 1;
        if (similar === index + 1) similar = (similar % shape.products) + 1;
        yield { product_id: index + 1, similar_product_id: similar };
      }
    }
  }
}

/**
 * Writes the document to `file` through a write stream, a record per line (about 1 MiB at a
 * time), honouring back-pressure. Answers its size in bytes.
 */
export async function writeLargeCatalog(
  file: string,
  shape: LargeShape = largeShape,
  order: Section[] = canonicalOrder,
): Promise<number> {
  mkdirSync(dirname(file), { recursive: true });
  const out = createWriteStream(file);
  let bytes = 0;
  let pending = '';
  const write = async (text: string) => {
    pending += text;
    if (pending.length < 1 << 20) return;
    bytes += Buffer.byteLength(pending);
    const more = out.write(pending);
    pending = '';
    if (!more) await once(out, 'drain');
  };
  await write('{"version":1');
  for (const section of order) {
    await write(`,\n"${section}":[`);
    let first = true;
    for (const record of records(shape, section)) {
      await write(`${first ? '\n' : ',\n'}${JSON.stringify(record)}`);
      first = false;
    }
    await write('\n]');
  }
  await write('\n}\n');
  bytes += Buffer.byteLength(pending);
  out.end(pending);
  await once(out, 'finish');
  return bytes;
}

function parseArgs(argv: string[]) {
  let file = join(import.meta.dirname, '..', '..', 'bench', 'data', 'large-catalog.json');
  let shape = largeShape;
  let order = canonicalOrder;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '--products') shape = scaledShape(Number(argv[++index]));
    else if (arg === '--order') order = argv[++index]!.split(',') as Section[];
    else file = arg;
  }
  return { file, shape, order };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { file, shape, order } = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const bytes = await writeLargeCatalog(file, shape, order);
  const rows = rowCounts(shape);
  console.log(
    `${file}: ${(bytes / 2 ** 20).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s — ${JSON.stringify(rows)}`,
  );
}
