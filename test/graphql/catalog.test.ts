// The catalog through GraphQL: every root field and type against the test catalog, the errors'
// extensions, and agreement with the REST answers. Documents are typed by codegen (test/gql).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.js';
import { createTestApp, graphql as send, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ImageById = graphql(`
  query ImageById($id: ID!) {
    image(id: $id) {
      id
      kind
      slug
      fileName
      platform
      products {
        id
        externalId
        title
        description
        brand
        url
        price
        currency
        category
        isAvailable
        images
        nativeCheckout
        variants { name visual values }
        skus {
          skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency
          status type taxable taxType dateCreated dateLastModified
          variantValues { variant value }
          skuDimensions { weight type }
        }
      }
    }
  }
`);

const MediaBySlug = graphql(`
  query MediaBySlug($slug: String!) {
    image(slug: $slug) { id kind products { id } }
    video(slug: "clip-two") { id kind platform products { id } }
  }
`);

const VideoComparables = graphql(`
  query VideoComparables($id: ID!, $limit: Int) {
    video(id: $id) {
      id
      products {
        id
        similarProducts(limit: $limit) { priceTier product { id title price isAvailable skus { skuId } } }
      }
    }
  }
`);

const ProductPrices = graphql(`
  query ProductPrices($id: ID!) {
    product(id: $id) {
      price
      priceMoney { value minorUnits currency displayValue }
      skus { salePrice priceMoney { value minorUnits currency displayValue } }
    }
  }
`);

const ProductById = graphql(`
  query ProductById($id: ID!) {
    product(id: $id) { id title price currency similarProducts { priceTier product { id } } skus { skuId salePrice retailPrice } }
  }
`);

const ProductPage = graphql(`
  query ProductPage($first: Int, $after: String, $category: String, $brand: String) {
    products(first: $first, after: $after, category: $category, brand: $brand) {
      edges { cursor node { id } }
      nodes { id title }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const ImageAndVideo = graphql(`
  query ImageAndVideo($id: ID, $slug: String) {
    image(id: $id, slug: $slug) { id }
  }
`);

describe('image and video', () => {
  it('image(id) answers every field of media, products and SKUs', async () => {
    const { status, data, errors } = await send(t.app, ImageById, { id: '1' });
    expect(status).toBe(200);
    expect(errors).toBeUndefined();
    expect(data?.image).toMatchObject({
      id: '1',
      kind: 'IMAGE',
      slug: 'look-one',
      fileName: 'look-one.jpg',
      platform: 'instagram',
    });
    expect(data?.image?.products[0]).toStrictEqual({
      id: '11',
      externalId: 'alpha-11',
      title: 'Trail Jacket',
      description: 'A jacket for the trail.',
      brand: 'Alpha',
      url: 'https://alpha.example/products/trail-jacket',
      price: 100,
      currency: 'USD',
      category: 'Jackets',
      isAvailable: true,
      images: ['https://alpha.example/i/11-1.jpg', 'https://alpha.example/i/11-2.jpg'],
      nativeCheckout: true,
      variants: [
        { name: 'Size', visual: false, values: ['S', 'M'] },
        { name: 'Color', visual: true, values: ['Moss'] },
      ],
      skus: [
        {
          skuId: '1101',
          productId: '11',
          externalId: 'alpha-11-s',
          merchantId: '1',
          name: 'Trail Jacket S',
          inStock: true,
          qtyAvailable: 5,
          salePrice: 90,
          retailPrice: 100,
          currency: 'USD',
          status: 'AVAILABLE',
          type: 'PHYSICAL',
          taxable: true,
          taxType: 'APPAREL',
          dateCreated: '2026-01-05T10:00:00.000Z',
          dateLastModified: '2026-02-01T08:30:00.000Z',
          variantValues: [
            { variant: 'Size', value: 'S' },
            { variant: 'Color', value: 'Moss' },
          ],
          skuDimensions: [{ weight: 0.4, type: 'kg' }],
        },
        {
          skuId: '1102',
          productId: '11',
          externalId: 'alpha-11-m',
          merchantId: '1',
          name: 'Trail Jacket M',
          inStock: false,
          qtyAvailable: 0,
          salePrice: null,
          retailPrice: 100,
          currency: 'USD',
          status: 'AVAILABLE',
          type: 'PHYSICAL',
          taxable: true,
          taxType: 'APPAREL',
          dateCreated: '2026-01-05T08:00:00.000Z',
          dateLastModified: null,
          variantValues: [
            { variant: 'Size', value: 'M' },
            { variant: 'Color', value: 'Moss' },
          ],
          skuDimensions: [],
        },
      ],
    });
    expect(data?.image?.products[1]).toMatchObject({
      id: '16',
      externalId: null,
      brand: null,
      url: null,
      category: null,
      price: 25.5,
      currency: 'EUR',
      images: [],
      variants: [],
    });
  });

  it('image(slug) and video(slug) look up by slug', async () => {
    const { data } = await send(t.app, MediaBySlug, { slug: 'look-one' });
    expect(data).toStrictEqual({
      image: { id: '1', kind: 'IMAGE', products: [{ id: '11' }, { id: '16' }] },
      video: { id: '2', kind: 'VIDEO', platform: null, products: [{ id: '15' }, { id: '11' }] },
    });
  });

  it('similarProducts keep curated order with price tiers, and limit cuts the list', async () => {
    const all = await send(t.app, VideoComparables, { id: '2' });
    const jacket = all.data?.video?.products[1];
    expect(jacket?.similarProducts.map((p) => [p.product.id, p.product.price, p.priceTier])).toStrictEqual([
      ['15', 110.01, 'HIGHER'],
      ['12', 89.99, 'LOWER'],
      ['13', 90, 'SIMILAR'],
      ['14', 110, 'SIMILAR'],
    ]);
    expect(jacket?.similarProducts[0]?.product).toMatchObject({
      title: 'Luxury Jacket',
      isAvailable: false,
      skus: [{ skuId: '1501' }],
    });
    const limited = await send(t.app, VideoComparables, { id: '2', limit: 2 });
    expect(limited.data?.video?.products[1]?.similarProducts.map((p) => p.product.id)).toStrictEqual(['15', '12']);
  });
});

describe('product and products', () => {
  it('product(id) answers the product with SKUs and comparables', async () => {
    const { data } = await send(t.app, ProductById, { id: '12' });
    expect(data?.product).toStrictEqual({
      id: '12',
      title: 'Budget Jacket',
      price: 89.99,
      currency: 'USD',
      similarProducts: [{ priceTier: 'HIGHER', product: { id: '11' } }],
      skus: [{ skuId: '1201', salePrice: 89.99, retailPrice: 89.99 }],
    });
  });

  it("priceMoney: the product's and each SKU's price as Money, exact and formatted for display", async () => {
    const { data } = await send(t.app, ProductPrices, { id: '12' });
    expect(data?.product).toStrictEqual({
      price: 89.99,
      priceMoney: { value: 89.99, minorUnits: 8999, currency: 'USD', displayValue: '$89.99' },
      skus: [
        { salePrice: 89.99, priceMoney: { value: 89.99, minorUnits: 8999, currency: 'USD', displayValue: '$89.99' } },
      ],
    });
  });

  it('products pages by ascending id with cursors', async () => {
    const first = await send(t.app, ProductPage, { first: 4 });
    expect(first.data?.products.nodes.map((p) => p.id)).toStrictEqual(['11', '12', '13', '14']);
    expect(first.data?.products.pageInfo.hasNextPage).toBe(true);
    expect(first.data?.products.edges.at(-1)?.cursor).toBe(first.data?.products.pageInfo.endCursor);
    const second = await send(t.app, ProductPage, { first: 4, after: first.data?.products.pageInfo.endCursor });
    expect(second.data?.products.nodes.map((p) => p.id)).toStrictEqual(['15', '16']);
    expect(second.data?.products.pageInfo).toStrictEqual({
      hasNextPage: false,
      endCursor: second.data?.products.edges[1]?.cursor,
    });
  });

  it('products filters by category and brand', async () => {
    const jackets = await send(t.app, ProductPage, { category: 'Jackets', brand: 'Alpha' });
    expect(jackets.data?.products.nodes.map((p) => p.id)).toStrictEqual(['11', '12', '15']);
    const none = await send(t.app, ProductPage, { category: 'Nothing' });
    expect(none.data?.products).toStrictEqual({
      edges: [],
      nodes: [],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
  });
});

describe('errors carry extensions.code and extensions.http.status', () => {
  const cases: [string, Parameters<typeof send>[1], Record<string, unknown>, string, number][] = [
    ['invalid image id', ImageAndVideo, { id: 'abc' }, 'INVALID_ID', 400],
    ['unknown image', ImageAndVideo, { id: '99' }, 'MEDIA_NOT_FOUND', 404],
    ['a video id as image', ImageAndVideo, { id: '2' }, 'MEDIA_NOT_FOUND', 404],
    ['both id and slug', ImageAndVideo, { id: '1', slug: 'look-one' }, 'VALIDATION_FAILED', 400],
    ['neither id nor slug', ImageAndVideo, {}, 'VALIDATION_FAILED', 400],
    ['unknown product', ProductById, { id: '999' }, 'PRODUCT_NOT_FOUND', 404],
    ['invalid product id', ProductById, { id: '-4' }, 'INVALID_ID', 400],
    ['first out of range', ProductPage, { first: 0 }, 'VALIDATION_FAILED', 400],
    ['first over the cap', ProductPage, { first: 101 }, 'VALIDATION_FAILED', 400],
    ['a foreign cursor', ProductPage, { after: 'bm90LWEtY3Vyc29y' }, 'VALIDATION_FAILED', 400],
    ['limit out of range', VideoComparables, { id: '2', limit: 0 }, 'VALIDATION_FAILED', 400],
  ];
  for (const [name, document, variables, code, status] of cases) {
    it(`${name} → ${code}`, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: (await import('graphql')).print(document), variables },
      });
      const body = response.json() as { errors: { extensions: { code: string; http: { status: number } } }[] };
      expect(body.errors[0]?.extensions.code).toBe(code);
      expect(body.errors[0]?.extensions.http.status).toBe(status);
      expect(JSON.stringify(body)).not.toContain('stacktrace');
    });
  }

  it('documents that do not validate keep GraphQL codes, with a status', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ product(id: "11") { nope } }' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { errors: { extensions: { code: string; http: { status: number } } }[] };
    expect(body.errors[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } });
  });
});

describe('transport', () => {
  it('answers queries over GET', async () => {
    const query = encodeURIComponent('{ product(id: "16") { title currency } }');
    const response = await t.app.inject({ method: 'GET', url: `/graphql?query=${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      data: { product: { title: 'Wool Scarf', currency: 'EUR' } },
      extensions: { cost: { estimated: 3, limit: 50_000 } },
    });
  });

  it('serves Apollo Sandbox to a browser on GET /graphql', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toMatch(/sandbox/i);
  });
});

describe('REST and GraphQL agree', () => {
  it('on every product of a comparables answer', async () => {
    const rest = (await t.app.inject({ method: 'GET', url: '/video/comparables/2' })).json() as {
      products: {
        id: number;
        price: number;
        skus: { sku_id: number; sale_price: number | null }[];
        similar_products: { id: number; price_tier: string }[];
      }[];
    };
    const { data } = await send(t.app, VideoComparables, { id: '2' });
    expect(
      data?.video?.products.map((p) => ({
        id: Number(p.id),
        similar: p.similarProducts.map((s) => [Number(s.product.id), s.priceTier.toLowerCase()]),
      })),
    ).toStrictEqual(
      rest.products.map((p) => ({ id: p.id, similar: p.similar_products.map((s) => [s.id, s.price_tier]) })),
    );
  });
});
