// The search's ranking on the engine under test (TEST_DATABASE), rule by rule (docs/search.md,
// "Ranking"): the product whose whole title the query is first, the fields' order, a rare word
// above a common one, the title's length, exact words above typos and completions, completions and
// typo neighbours by how common they are, ties by id; the letters spelled without accents (ß, æ,
// ø…); the pages of a ranked result. Each product's id is chosen so that ranking by id alone would
// give another order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRepository } from '../../src/search/search.repository.js';
import { SearchService } from '../../src/search/search.service.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { catalogOf, type Spec } from './search-catalog.js';

const spec = (id: number, title: string, more: Partial<Spec> = {}): Spec => ({
  id,
  title,
  brand: null,
  category: null,
  description: null,
  price: 10,
  ...more,
});

const products: Spec[] = [
  spec(10, 'Incredible Bamboo Chicken, violet'),
  spec(11, 'Incredible Bamboo Chicken, red'),
  spec(12, 'Incredible Bamboo Chicken'),
  spec(13, 'Incredible Chicken', { brand: 'Bamboo Kitchen' }),
  spec(20, 'Practical Cotton Shirt', { description: 'A gorgeous shirt for every day.' }),
  spec(21, 'Gorgeous Cotton Shirt, violet'),
  spec(22, 'Gorgeous Cotton Shirt'),
  spec(30, 'Chalk Board'),
  spec(31, 'Oak Chair'),
  spec(32, 'Pine Chair'),
  spec(33, 'Steel Chair'),
  spec(40, 'Forest Lamp', { brand: 'Weißwald' }),
  spec(41, 'Forest Candle', { brand: 'Weisswald' }),
  spec(42, 'Ærø Vase', { brand: 'Øresund Living' }),
  spec(50, 'Trail Map', { description: 'For alpine walks.' }),
  spec(51, 'Rope Bag', { colors: ['Alpine'] }),
  spec(52, 'Ice Axe', { category: 'Alpine' }),
  spec(53, 'Camp Stove', { brand: 'Alpine' }),
  spec(54, 'Alpine Tent'),
  spec(60, 'Cotton Throw', { description: 'Zephyr weave.' }),
  spec(61, 'Zephyr Throw', { description: 'Soft cotton.' }),
  spec(70, 'Booth Canopy'),
  spec(71, 'Boats Poster'),
  spec(72, 'Boats Model'),
  spec(73, 'Boots Rack'),
  spec(80, 'Twin Mug'),
  spec(81, 'Twin Mug'),
  spec(82, 'Twin Mug'),
];

let test: TestApp;
let service: SearchService;
beforeAll(async () => {
  test = await createTestApp(catalogOf(products));
  service = new SearchService(new SearchRepository(test.database.reader), { ttlMs: 0 });
});
afterAll(() => test.close());

async function ids(query: string, first = 100): Promise<number[]> {
  return (await service.search({ query, first })).edges.map((edge) => edge.productId);
}

describe('ranking', () => {
  it('puts the product whose whole title the query is first, before the same title with a colour', async () => {
    // 13's shorter title with the brand "Bamboo Kitchen" scores more than 12's three title words:
    // only the whole title puts 12 first. The titles with a colour have every word too, and one more.
    expect(await ids('Incredible Bamboo Chicken')).toEqual([12, 13, 10, 11]);
    expect(await ids('incredible BAMBOO chicken!')).toEqual([12, 13, 10, 11]);
  });

  it('ranks the title "Gorgeous Cotton Shirt" above a shirt whose description says gorgeous', async () => {
    expect(await ids('Gorgeous Cotton Shirt')).toEqual([22, 21, 20]);
  });

  it('ranks a word in the title, then the brand, the category, the options, the description', async () => {
    expect(await ids('alpine')).toEqual([54, 53, 52, 51, 50]);
  });

  it('ranks a product with the rarer word in its title above one with the common word there', async () => {
    // "cotton" is in five products, "zephyr" in two: each has both, one in its title, one in its description.
    expect(await ids('cotton zephyr')).toEqual([61, 60]);
  });

  it('ranks the shorter title first among titles with the word', async () => {
    expect(await ids('cotton')).toEqual([60, 20, 22, 21, 61]);
  });

  it('orders completions of the last word by how many products have them', async () => {
    // "chair" is in three titles, "chalk" in one.
    expect(await ids('cha')).toEqual([31, 32, 33, 30]);
  });

  it('ranks the exact word above its typo neighbours, the more common neighbour first', async () => {
    // "boats" (two products) and "booth" (one) are one letter from "boots".
    expect(await ids('boots')).toEqual([73, 71, 72, 70]);
  });

  it('breaks ties by id', async () => {
    expect(await ids('twin mug')).toEqual([80, 81, 82]);
    expect(await ids('mug')).toEqual([80, 81, 82]);
  });
});

describe('letters spelled without accents', () => {
  it('finds ß as ss and ss as ß', async () => {
    expect(await ids('weisswald')).toEqual([40, 41]);
    expect(await ids('weißwald')).toEqual([40, 41]);
    expect(await ids('WEISSWALD forest')).toEqual([40, 41]);
  });

  it('finds æ as ae and ø as o, in titles and brands', async () => {
    expect(await ids('aero')).toEqual([42]);
    expect(await ids('ærø')).toEqual([42]);
    expect(await ids('oresund')).toEqual([42]);
    expect(await ids('øresund living')).toEqual([42]);
  });
});

describe('pages of a ranked result', () => {
  it('walks the ranked order by cursors without duplicates or gaps, in the service and over REST', async () => {
    const ranked = [60, 20, 22, 21, 61];
    for (const first of [1, 2, 3]) {
      const walked: number[] = [];
      let after: string | null = null;
      // Bounded: a cursor that gives a page again must fail the test, not loop.
      for (let pages = 0; pages < 20; pages += 1) {
        const page = await service.search({ query: 'cotton', first, after });
        walked.push(...page.edges.map((edge) => edge.productId));
        expect(page.totalCount).toBe(5);
        if (!page.hasNextPage) break;
        after = page.edges.at(-1)!.cursor;
      }
      expect(walked).toEqual(ranked);
    }
    const walked: number[] = [];
    let cursor = '';
    for (let pages = 0; pages < 20; pages += 1) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/search/products?q=cotton&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ products: { id: number }[]; next_cursor: string | null }>();
      walked.push(...body.products.map((product) => product.id));
      if (body.next_cursor === null) break;
      cursor = body.next_cursor;
    }
    expect(walked).toEqual(ranked);
  });

  it('walks ties and the whole-title product across pages', async () => {
    const walked: number[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 20; pages += 1) {
      const page = await service.search({ query: 'twin mug', first: 1, after });
      walked.push(...page.edges.map((edge) => edge.productId));
      if (!page.hasNextPage) break;
      after = page.edges.at(-1)!.cursor;
    }
    expect(walked).toEqual([80, 81, 82]);
    const first = await service.search({ query: 'incredible bamboo chicken', first: 1 });
    const rest = await service.search({ query: 'incredible bamboo chicken', first: 5, after: first.edges[0]!.cursor });
    expect([...first.edges, ...rest.edges].map((edge) => edge.productId)).toEqual([12, 13, 10, 11]);
  });

  it('keeps the other sorts as they were: price, newest, title', async () => {
    const sorted = async (sort: 'PRICE_ASC' | 'NEWEST' | 'TITLE') =>
      (await service.search({ query: 'cotton', sort, first: 10 })).edges.map((edge) => edge.productId);
    expect(await sorted('NEWEST')).toEqual([61, 60, 22, 21, 20]);
    expect(await sorted('TITLE')).toEqual([60, 22, 21, 20, 61]);
    expect(await sorted('PRICE_ASC')).toEqual([20, 21, 22, 60, 61]);
  });
});
