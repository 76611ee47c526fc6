// A cart's identity and lifetime: its id (the only key to it), how long it lives unchanged before
// it expires (CART_TTL_SECONDS), and how a request finds or locks it: CART_NOT_FOUND for an id no
// cart has, CART_EXPIRED for one that outlived its time (a distinct code, so that a client knows
// to start a new cart).
import { randomBytes } from 'node:crypto';
import type { DbClient } from '../db/database.js';
import { AppError } from '../errors.js';
import type { CartRepository, StoredCart } from './cart.repository.js';

/** 144 random bits, URL-safe: a cart id is the only key to a cart. */
export function newCartId(): string {
  return randomBytes(18).toString('base64url');
}

const cartIdShape = /^[A-Za-z0-9_-]{1,64}$/;

export function cartNotFound(cartId: string): AppError {
  return new AppError('CART_NOT_FOUND', `No cart with id ${cartId.slice(0, 64)}`, { cart_id: cartId.slice(0, 64) });
}

export function cartExpired(cartId: string): AppError {
  return new AppError(
    'CART_EXPIRED',
    `Cart ${cartId.slice(0, 64)} expired: it was not changed for too long; start a new cart`,
    { cart_id: cartId.slice(0, 64) },
  );
}

/** How long a cart that is not submitted lives after its last change (CART_TTL_SECONDS). */
export class CartLifetime {
  constructor(readonly ttlMs: number) {}

  /** Carts not submitted and unchanged since this moment have expired. */
  expiredBefore(now = Date.now()): Date {
    return new Date(now - this.ttlMs);
  }

  isExpired(cart: StoredCart, now = Date.now()): boolean {
    return cart.updatedAt < this.expiredBefore(now) && !cart.entries.some((entry) => entry.isSubmitted);
  }
}

/** The stored cart, or CART_NOT_FOUND / CART_EXPIRED (ids that cannot be cart ids are not looked up). */
export async function loadCart(
  repository: CartRepository,
  tx: DbClient,
  cartId: string,
  lifetime: CartLifetime,
): Promise<StoredCart> {
  const cart = cartIdShape.test(cartId) ? await repository.load(tx, cartId) : null;
  if (!cart) throw cartNotFound(cartId);
  if (lifetime.isExpired(cart)) throw cartExpired(cartId);
  return cart;
}

/** Takes the cart's write lock, or CART_NOT_FOUND / CART_EXPIRED. */
export async function lockCart(
  repository: CartRepository,
  tx: DbClient,
  cartId: string,
  lifetime: CartLifetime,
): Promise<void> {
  const state = cartIdShape.test(cartId) ? await repository.lock(tx, cartId, lifetime.expiredBefore()) : 'missing';
  if (state === 'missing') throw cartNotFound(cartId);
  if (state === 'expired') throw cartExpired(cartId);
}
