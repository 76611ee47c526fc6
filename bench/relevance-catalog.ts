// The relevance benchmark's catalog and queries (relevance.ts), generated from a seed, the same every
// run: products named as shops name them ("Incredible Bamboo Chicken"), some in colours of their own
// ("Incredible Bamboo Chicken, violet"), descriptions that reuse the title words of other products,
// brands with accents and ß, prices in three currencies. Each query comes with what it should find,
// derived from what the generator put where, never from a search: the product whose title the query
// is, the products whose titles hold the words asked for.
import type { IndexedProduct } from '../src/search/search-index.parts.js';
import { generator } from './catalog.js';

// prettier-ignore
const adjectives = [
  'Incredible', 'Gorgeous', 'Practical', 'Handcrafted', 'Rustic', 'Intelligent', 'Sleek', 'Ergonomic', 'Fantastic',
  'Licensed', 'Refined', 'Small', 'Tasty', 'Generic', 'Awesome', 'Unbranded', 'Handmade', 'Recycled', 'Oriental',
  'Elegant', 'Modern', 'Luxurious', 'Bespoke', 'Electronic', 'Fresh', 'Frozen', 'Soft', 'Sturdy', 'Durable',
  'Lightweight', 'Vintage', 'Classic', 'Premium', 'Compact', 'Portable', 'Cozy', 'Bold', 'Shiny', 'Quiet', 'Smart',
  'Gentle', 'Mighty', 'Humble', 'Brilliant', 'Sparkling', 'Charming', 'Rugged', 'Nimble', 'Tidy', 'Sunny',
];
// prettier-ignore
const materials = [
  'Bamboo', 'Cotton', 'Wooden', 'Steel', 'Granite', 'Plastic', 'Concrete', 'Metal', 'Rubber', 'Silk', 'Leather',
  'Linen', 'Wool', 'Marble', 'Bronze', 'Ceramic', 'Glass', 'Cashmere', 'Velvet', 'Denim', 'Suede', 'Copper',
  'Titanium', 'Oak', 'Walnut', 'Crème', 'Flannel',
];
/** Nouns, each with its category. */
// prettier-ignore
const nouns: [string, string][] = [
  ['Chicken', 'Grocery'], ['Shirt', 'Clothing'], ['Chair', 'Furniture'], ['Table', 'Furniture'], ['Car', 'Toys'],
  ['Computer', 'Electronics'], ['Keyboard', 'Electronics'], ['Mouse', 'Electronics'], ['Bike', 'Sports'],
  ['Ball', 'Sports'], ['Gloves', 'Clothing'], ['Pants', 'Clothing'], ['Shoes', 'Shoes'], ['Hat', 'Clothing'],
  ['Towels', 'Home'], ['Soap', 'Beauty'], ['Tuna', 'Grocery'], ['Cheese', 'Grocery'], ['Bacon', 'Grocery'],
  ['Pizza', 'Grocery'], ['Salad', 'Grocery'], ['Sausages', 'Grocery'], ['Chips', 'Grocery'], ['Fish', 'Grocery'],
  ['Lamp', 'Home'], ['Mug', 'Kitchen'], ['Scarf', 'Clothing'], ['Jacket', 'Clothing'], ['Tent', 'Outdoors'],
  ['Backpack', 'Outdoors'], ['Wallet', 'Accessories'], ['Watch', 'Accessories'], ['Bottle', 'Kitchen'],
  ['Pillow', 'Home'], ['Blanket', 'Home'], ['Candle', 'Home'], ['Vase', 'Home'], ['Bowl', 'Kitchen'],
  ['Clock', 'Home'], ['Sofa', 'Furniture'], ['Crêpes', 'Grocery'], ['Jalapeños', 'Grocery'], ['Kettle', 'Kitchen'],
  ['Sweater', 'Clothing'], ['Boots', 'Shoes'], ['Sandals', 'Shoes'], ['Helmet', 'Sports'], ['Racket', 'Sports'],
];
// prettier-ignore
const colours = [
  'violet', 'red', 'blue', 'green', 'black', 'white', 'orange', 'yellow', 'purple', 'pink', 'teal', 'navy',
  'olive', 'maroon', 'silver', 'gold', 'ivory', 'indigo', 'turquoise', 'magenta', 'lavender', 'salmon', 'plum',
];
// prettier-ignore
const fillers = [
  'perfect', 'for', 'everyday', 'use', 'designed', 'with', 'care', 'the', 'new', 'range', 'of', 'made', 'from',
  'finest', 'quality', 'our', 'best', 'selling', 'and', 'a', 'touch', 'comfort', 'style', 'home', 'ready', 'to',
];
/** Brands as stored, and as a shopper types them without the letters a keyboard may not have. */
// prettier-ignore
const specialBrands: { name: string; plain: string; typed: string }[] = [
  { name: 'Weißwald', plain: 'Weisswald', typed: 'weisswald' },
  { name: 'Großmann', plain: 'Grossmann', typed: 'grossmann' },
  { name: 'Strassburg Goods', plain: 'Strassburg Goods', typed: 'straßburg' },
  { name: 'Weisshaus', plain: 'Weisshaus', typed: 'weißhaus' },
  { name: 'Atelier Lumière', plain: 'Atelier Lumiere', typed: 'lumiere' },
  { name: 'Ærø Design', plain: 'Aero Design', typed: 'aero' },
  { name: 'Øresund Living', plain: 'Oresund Living', typed: 'oresund' },
  { name: 'Łódź Craft', plain: 'Lodz Craft', typed: 'lodz' },
  { name: 'Þórsmörk Outfitters', plain: 'Thorsmork Outfitters', typed: 'thorsmork' },
  { name: 'Đorđević Studio', plain: 'Dordevic Studio', typed: 'dordevic' },
  { name: 'Œuvre Maison', plain: 'Oeuvre Maison', typed: 'oeuvre' },
  { name: 'Søndergaard', plain: 'Sondergaard', typed: 'sondergaard' },
  { name: 'Blåbær', plain: 'Blabaer', typed: 'blabaer' },
  { name: 'Citroën Home', plain: 'Citroen Home', typed: 'citroen' },
  { name: 'Kılıç Bazaar', plain: 'Kilic Bazaar', typed: 'kilic' },
  { name: 'Müller & Söhne', plain: 'Muller & Sohne', typed: 'muller' },
];
// prettier-ignore
const brandStems = [
  'North', 'Ridge', 'Harbor', 'Maple', 'Cedar', 'Stone', 'River', 'Summit', 'Oak', 'Pine', 'Lake', 'Field', 'Hill',
  'Bay', 'Brook', 'Vale', 'Glen', 'Moor', 'Cliff', 'Dune',
];
const brandSuffixes = ['Works', 'Goods', 'Supply', 'Co', 'Trading', 'Makers', 'House', 'Labs'];
const currencies = ['USD', 'EUR', 'JPY'] as const;

/** A product as generated: what the index reads, and the words its title was made of. */
export interface RelevanceProduct extends IndexedProduct {
  /** The title's words as the generator chose them, and its colour (null: the plain model). */
  model: { adjective: string; material: string; noun: string; colour: string | null };
  /** The brand as a shopper types it without special letters. */
  plainBrand: string;
}

/** A draw weighted towards the first items (Zipf, exponent 1): a few words common, most rare. */
function zipf<T>(items: readonly T[], random: () => number): T {
  const total = items.reduce((sum, _item, rank) => sum + 1 / (rank + 1), 0);
  let left = random() * total;
  for (const [rank, item] of items.entries()) {
    left -= 1 / (rank + 1);
    if (left <= 0) return item;
  }
  return items[items.length - 1]!;
}

function brandList(): { name: string; plain: string }[] {
  const plain = brandStems.flatMap((stem) => brandSuffixes.map((suffix) => `${stem} ${suffix}`));
  return [...specialBrands, ...plain.map((name) => ({ name, plain: name }))];
}

function description(random: () => number, model: RelevanceProduct['model']): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const length = 8 + Math.floor(random() * 12);
  const words: string[] = [model.noun.toLowerCase()];
  while (words.length < length) {
    const draw = random();
    // Title words of other products ("gorgeous" in the description of a practical shirt).
    if (draw < 0.12) words.push(zipf(adjectives, random).toLowerCase());
    else if (draw < 0.2) words.push(zipf(materials, random).toLowerCase());
    else if (draw < 0.25) words.push(zipf(nouns, random)[0].toLowerCase());
    else words.push(pick(fillers));
  }
  return `${words.join(' ')}.`;
}

/** `count` products (ids 1…count), the same for the same seed. */
export function relevanceCatalog(count: number, seed = 41): RelevanceProduct[] {
  const random = generator(seed);
  const brands = brandList();
  const taken = new Set<string>();
  const products: RelevanceProduct[] = [];
  while (products.length < count) {
    let adjective = '';
    let material = '';
    let noun: [string, string] = nouns[0]!;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      adjective = zipf(adjectives, random);
      material = zipf(materials, random);
      noun = zipf(nouns, random);
      if (!taken.has(`${adjective} ${material} ${noun[0]}`)) break;
    }
    taken.add(`${adjective} ${material} ${noun[0]}`);
    const brand = zipf(brands, random);
    const variants = random() < 0.35 ? 1 + Math.floor(random() * 3) : 0;
    const modelColours = [...colours].sort(() => random() - 0.5).slice(0, variants);
    for (const colour of [null, ...modelColours]) {
      if (products.length === count) break;
      const model = { adjective, material, noun: noun[0], colour };
      const title = `${adjective} ${material} ${noun[0]}${colour ? `, ${colour}` : ''}`;
      const currency = currencies[products.length % 3]!;
      const sizes = noun[1] === 'Clothing' || noun[1] === 'Shoes' ? ['S', 'M', 'L'] : ['One size'];
      const optionColours = colour ? [colour] : [colours[Math.floor(random() * colours.length)]!];
      products.push({
        id: products.length + 1,
        title,
        brand: brand.name,
        category: noun[1],
        description: description(random, model),
        variantValues: [...sizes, ...optionColours],
        skuNames: sizes.map((size) => `${title} ${size}`),
        priceMinor: currency === 'JPY' ? 500 + Math.floor(random() * 30_000) : 500 + Math.floor(random() * 30_000),
        currency,
        available: random() < 0.9,
        model,
        plainBrand: brand.plain,
      });
    }
  }
  // Ids in no particular order of the models (a shop adds colours before or after the plain model).
  const ids = products.map((_product, at) => at + 1);
  for (let at = ids.length - 1; at > 0; at -= 1) {
    const other = Math.floor(random() * (at + 1));
    [ids[at], ids[other]] = [ids[other]!, ids[at]!];
  }
  for (const [at, product] of products.entries()) product.id = ids[at]!;
  return products.sort((a, b) => a.id - b.id);
}

export type QueryKind =
  | 'exact word'
  | 'two words'
  | 'exact title'
  | 'prefix'
  | 'typo: deletion'
  | 'typo: insertion'
  | 'typo: substitution'
  | 'typo: transposition'
  | 'accents and ß'
  | 'brand filter';

export interface RelevanceQuery {
  kind: QueryKind;
  text: string;
  /** Only products of this brand (the brand filter). */
  brand?: string;
  /** The ids that answer it, as the generator placed the words (ascending). */
  relevant: number[];
  /** The one product that must come first (exact title). */
  first?: number;
}

/** A title's words in lower case, as generated (no search's reading of them). */
function titleWords(product: RelevanceProduct): string[] {
  const { adjective, material, noun, colour } = product.model;
  return [adjective, material, noun, ...(colour ? [colour] : [])].map((word) => word.toLowerCase());
}

/** The word as a shopper types it on a keyboard without accents (the generator's own spellings). */
const plainSpelling: Record<string, string> = { crème: 'creme', crêpes: 'crepes', jalapeños: 'jalapenos' };
const plainWord = (word: string) => plainSpelling[word] ?? word;

/** The word with one edit of the kind at a place drawn from `random`; letters from a to z. */
function typo(word: string, kind: QueryKind, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  const letter = String.fromCharCode(97 + Math.floor(random() * 26));
  if (kind === 'typo: deletion') return word.slice(0, at) + word.slice(at + 1);
  if (kind === 'typo: insertion') return word.slice(0, at) + letter + word.slice(at);
  if (kind === 'typo: substitution') return word.slice(0, at) + letter + word.slice(at + 1);
  return word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2);
}

/** Whether two words are one edit apart at most (deletion, insertion, substitution, swap of neighbours). */
function near(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start += 1;
  if (a.length === b.length) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.slice(start) === long.slice(start + 1);
}

/** The queries of each kind, `perKind` of each (fewer for the accents: one per special brand and word). */
export function relevanceQueries(products: readonly RelevanceProduct[], perKind: number, seed = 7): RelevanceQuery[] {
  const random = generator(seed);
  const anyProduct = () => products[Math.floor(random() * products.length)]!;
  const words = products.map(titleWords);
  const withWords = (wanted: readonly string[], brand?: string) =>
    products
      .filter((product, at) => wanted.every((word) => words[at]!.includes(word)) && (!brand || product.brand === brand))
      .map((product) => product.id);
  const vocabulary = new Set(words.flat());
  const queries: RelevanceQuery[] = [];
  for (let n = 0; n < perKind; n += 1) {
    const product = anyProduct();
    const own = titleWords(product);
    const word = own[Math.floor(random() * own.length)]!;
    queries.push({ kind: 'exact word', text: plainWord(word), relevant: withWords([word]) });
  }
  for (let n = 0; n < perKind; n += 1) {
    const own = titleWords(anyProduct());
    const [a, b] = [...own].sort(() => random() - 0.5);
    queries.push({ kind: 'two words', text: `${a} ${b}`, relevant: withWords([a!, b!]) });
  }
  // Half of them models sold in colours too: the plain title must come before "…, violet".
  const plain = products.filter((product) => product.model.colour === null);
  const colouredTitles = new Set(
    products.flatMap((product) => (product.model.colour ? [product.title.split(',')[0]] : [])),
  );
  const coloured = plain.filter((product) => colouredTitles.has(product.title));
  for (let n = 0; n < perKind; n += 1) {
    const from = n % 2 === 0 && coloured.length > 0 ? coloured : plain;
    const product = from[Math.floor(random() * from.length)]!;
    queries.push({
      kind: 'exact title',
      text: product.title,
      relevant: withWords(titleWords(product)),
      first: product.id,
    });
  }
  for (let n = 0; n < perKind; n += 1) {
    // Words typed whole, then the start of the next (at least three letters, not the whole word).
    const own = titleWords(anyProduct()).slice(0, 3);
    const typed = Math.floor(random() * own.length);
    const intended = own[typed]!;
    const letters = 3 + Math.floor(random() * Math.max(1, intended.length - 3));
    const prefix = intended.slice(0, Math.min(letters, intended.length - 1));
    queries.push({
      kind: 'prefix',
      text: [...own.slice(0, typed).map(plainWord), prefix].join(' '),
      relevant: withWords(own.slice(0, typed + 1)),
    });
  }
  const typoKinds: QueryKind[] = ['typo: deletion', 'typo: insertion', 'typo: substitution', 'typo: transposition'];
  // Not a word of the catalog, nor one edit from any but the intended one.
  const known = [...vocabulary, ...fillers, ...brandList().flatMap((brand) => brand.plain.toLowerCase().split(' '))];
  for (const kind of typoKinds) {
    for (let n = 0; n < Math.ceil(perKind / 3);) {
      const own = titleWords(anyProduct());
      const original = own[Math.floor(random() * own.length)]!;
      const word = plainWord(original);
      const typed = typo(word, kind, random);
      // A word tolerates a typo from five letters on (docs/search.md): the word as typed has them.
      if (word.length < 5 || typed.length < 5) continue;
      if (known.some((other) => plainWord(other) !== word && (other === typed || near(typed, plainWord(other)))))
        continue;
      if (typed === word) continue;
      const other =
        random() < 0.5 ? own.find((candidate) => candidate !== original && candidate.length >= 3) : undefined;
      queries.push({
        kind,
        text: other ? `${plainWord(other)} ${typed}` : typed,
        relevant: withWords(other ? [other, original] : [original]),
      });
      n += 1;
    }
  }
  for (const brand of specialBrands) {
    const ids = products.filter((product) => product.plainBrand === brand.plain).map((product) => product.id);
    if (ids.length > 0) queries.push({ kind: 'accents and ß', text: brand.typed, relevant: ids });
  }
  for (const [word, typed] of Object.entries(plainSpelling))
    queries.push({ kind: 'accents and ß', text: typed, relevant: withWords([word]) });
  for (let n = 0; n < perKind; n += 1) {
    const product = anyProduct();
    const own = titleWords(product);
    const word = own[Math.floor(random() * own.length)]!;
    queries.push({
      kind: 'brand filter',
      text: plainWord(word),
      brand: product.brand!,
      relevant: withWords([word], product.brand!),
    });
  }
  return queries;
}
