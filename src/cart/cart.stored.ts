// A cart as the database holds it (what CartRepository loads and writes answer): its store entries
// with each store's terms, its lines with their SKUs, its identity and codes.
import type { Prisma } from '../db/database.js';
import type { BuyerIdentity } from '../domain/buyer-identity.js';
import type { Cart } from './cart.model.js';
import type { CartSku } from './cart.sku.js';

export const storeConfig = {
  select: {
    id: true,
    name: true,
    displayName: true,
    marketplace: true,
    currency: true,
    marginRatePpm: true,
    shippingMethods: { select: { code: true, label: true, priceMinor: true }, orderBy: { position: 'asc' } },
    taxRates: { select: { countryCode: true, provinceCode: true, ratePpm: true }, orderBy: { position: 'asc' } },
  },
} as const;

export type StoreConfig = Prisma.StoreGetPayload<typeof storeConfig>;

export interface StoredEntry {
  storeId: number;
  position: number;
  selectedShippingMethodId: string | null;
  isSubmitted: boolean;
  requestId: string | null;
  store: StoreConfig;
}

/** The media item (and placement) a line was added from, and when it got it. */
export interface Attribution {
  mediaId: number;
  placementId: string | null;
  attributedAt: Date;
}

export interface StoredLine {
  skuId: number;
  storeId: number;
  quantity: number;
  position: number;
  mediaId: number | null;
  placementId: string | null;
  /** The unit price when the buyer last set the quantity (null: lines from before it was kept). */
  seenUnitPriceMinor: number | null;
  sku: CartSku;
}

export interface StoredCart {
  id: string;
  currency: string | null;
  /** The last change (a cart not submitted expires a TTL after it). */
  updatedAt: Date;
  /** The cart as priced at submit; null before. */
  snapshot: Cart | null;
  identity: BuyerIdentity;
  entries: StoredEntry[];
  lines: StoredLine[];
  /** The discount codes the buyer gave, as typed, in order. */
  discountCodes: string[];
}
