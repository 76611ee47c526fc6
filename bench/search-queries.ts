// The searches the benches ask (search.ts at 200,000 products, run.ts's f-search at the bench
// catalog's size): 1-3 words of the generated catalogs (bench/catalog.ts), the same every run.
const categories = ['jackets', 'shoes', 'bags', 'lamps', 'plants', 'mugs', 'scarves', 'tents'];
const typos: Record<string, string> = {
  jackets: 'jakcets',
  shoes: 'shoez',
  lamps: 'lmaps',
  plants: 'plnats',
  scarves: 'scarvse',
  tents: 'tentss',
  bags: 'bagss',
  mugs: 'mugss',
};

/** A deterministic pseudo-random sequence (the same queries every run). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export interface Query {
  /** The words, as typed. */
  words: string;
  /** The query string of GET /search/products. */
  path: string;
}

/**
 * 1-3 word queries of the words of the catalog named `catalog`, a fifth of them with a filter: categories, brands, a
 * product's number, a prefix, a typo; common words that match a tenth of the catalog or all of it
 * ("product") and rare ones that match one product.
 */
export function searchQueries(catalog: string, products: number, count: number): Query[] {
  const random = sequence(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const number = () => 1 + Math.floor(random() * products);
  const makers: (() => string)[] = [
    () => pick(categories),
    () => `brand ${1 + Math.floor(random() * 40)}`,
    () => `product ${number()}`,
    () => `${catalog} product ${number()}`,
    () => `${pick(categories)} ${pick(['s', 'm', 'l'])}`,
    () => pick(categories).slice(0, 4),
    () => typos[pick(categories)]!,
    () => `${pick(categories)} brand ${1 + Math.floor(random() * 40)}`,
    () => String(number()),
    () => 'product',
  ];
  const filters = ['', '', '', '', '&available=true', '&brand=Brand%203', '&max_price=100', '&sort=price_asc'];
  return Array.from({ length: count }, () => {
    const words = pick(makers)();
    return { words, path: `/search/products?q=${encodeURIComponent(words)}&limit=20${pick(filters)}` };
  });
}
