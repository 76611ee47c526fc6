// A small catalog for the search tests: titles, brands, categories, descriptions, variant values
// and SKU names chosen so that each matching rule has a product it finds and one it does not.

export interface Spec {
  id: number;
  title: string;
  brand: string | null;
  category: string | null;
  description: string | null;
  price: number;
  currency?: string;
  available?: boolean;
  colors?: string[];
  skuName?: string;
}

const specs: Spec[] = [
  { id: 1, title: 'Trail Jacket', brand: 'Alpha', category: 'Jackets', description: 'Warm and dry.', price: 100 },
  {
    id: 2,
    title: 'Crème Brûlée Candle',
    brand: 'Maison',
    category: 'Home',
    description: 'Vanilla.',
    price: 20,
    currency: 'EUR',
  },
  {
    id: 3,
    title: 'Rain Shell',
    brand: 'Jacketeer',
    category: 'Outerwear',
    description: 'A light jacket for rain.',
    price: 80,
  },
  {
    id: 4,
    title: 'Wool Sweater',
    brand: 'Alpha',
    category: 'Knitwear',
    description: 'Merino.',
    price: 60,
    available: false,
    colors: ['Navy'],
    skuName: 'Wool Sweater Fjord Edition',
  },
  { id: 5, title: 'Jacket Liner', brand: 'Beta', category: 'Jackets', description: null, price: 40 },
  {
    id: 6,
    title: 'Trail Boots',
    brand: 'Beta',
    category: 'Footwear',
    description: 'Leather boots for the trail.',
    price: 150,
  },
  { id: 7, title: 'Rainbow Scarf', brand: null, category: null, description: null, price: 3000, currency: 'JPY' },
];

function product(spec: Spec) {
  const currency = spec.currency ?? 'USD';
  const merchant = ['USD', 'EUR', 'JPY'].indexOf(currency) + 1;
  return {
    id: spec.id,
    title: spec.title,
    description: spec.description,
    brand: spec.brand,
    price: spec.price,
    currency,
    category: spec.category,
    is_available: spec.available ?? true,
    images: [],
    native_checkout: true,
    variants: [{ name: 'Color', visual: true, values: spec.colors ?? ['Plain'] }],
    skus: [
      {
        sku_id: spec.id * 100 + 1,
        merchant_id: merchant,
        name: spec.skuName ?? `${spec.title} One`,
        in_stock: true,
        qty_available: 3,
        sale_price: null,
        retail_price: spec.price,
        currency,
        status: 'AVAILABLE',
        type: 'PHYSICAL',
        taxable: true,
        variant_values: [{ variant: 'Color', value: (spec.colors ?? ['Plain'])[0] }],
        sku_dimensions: [],
      },
    ],
  };
}

function store(id: number, currency: string) {
  return {
    id,
    name: `store-${id}.example`,
    marketplace: 'shopify',
    currency,
    margin_rate: 0.1,
    shipping_methods: [{ id: 'standard', label: 'Standard', price: 5 }],
    tax_rates: [],
  };
}

/** The document; `change` edits its products before it is built. */
export function searchCatalog(change: (products: Spec[]) => void = () => {}) {
  const products = structuredClone(specs);
  change(products);
  return catalogOf(products);
}

/** A catalog document of these products (in stores of USD, EUR and JPY). */
export function catalogOf(products: Spec[]) {
  return {
    version: 1,
    stores: [store(1, 'USD'), store(2, 'EUR'), store(3, 'JPY')],
    products: products.map(product),
    media: [],
    similar: [],
  };
}
