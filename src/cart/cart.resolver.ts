// GraphQL queries and mutations of carts: each calls one CartService/CheckoutService method.
import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { BuyerIdentityPatch } from '../domain/buyer-identity.js';
import { CartService } from './cart.service.js';
import { CheckoutService } from './checkout.service.js';
import { BuyerIdentityInput, CartItemInput } from './cart.input.js';
import { CartStatusType, CartType } from './cart.type.js';
import type { Cart, CartStatusAnswer } from './cart.model.js';
import { IdempotentWrite, checkKey, requestHash, type IdempotencyContext } from '../idempotency/idempotency.js';
import { fieldWrite } from '../idempotency/idempotency.graphql.js';
import { withDefault } from '../graphql/defaults.js';
import { MoneyInput } from '../graphql/money.type.js';
import { AppError } from '../errors.js';
import { CartTotalChanged } from './cart.expected-total.js';
import { graphqlTotalChangedDetails } from './cart.graphql.js';

@ObjectType('SubmitCartResult', { simpleResolvers: true })
export class SubmitCartResultType extends CartStatusType {
  @Field(() => Boolean, {
    description: 'True when this is the stored answer of an earlier submit with the same idempotency key.',
  })
  replayed!: boolean;
}

@Resolver(() => CartType)
export class CartResolver {
  constructor(
    private readonly carts: CartService,
    private readonly checkout: CheckoutService,
  ) {}

  @Query(() => CartType, { nullable: true })
  cart(@Arg('id', () => ID) id: string): Promise<Cart> {
    return this.carts.get(id);
  }

  @Query(() => CartStatusType, { nullable: true, description: 'The cart with its orders and derived status.' })
  cartStatus(@Arg('id', () => ID) id: string): Promise<CartStatusAnswer> {
    return this.checkout.status(id);
  }

  @Mutation(() => CartType, { description: 'Adds items (quantities merge); creates a cart when cartId is null.' })
  addCartItems(
    @Arg('cartId', () => ID, { nullable: true }) cartId: string | null | undefined,
    @Arg('items', () => [CartItemInput]) items: CartItemInput[],
    @Ctx() context: IdempotencyContext,
  ): Promise<Cart> {
    return this.carts.addItems(cartId ?? null, items, fieldWrite(context));
  }

  @Mutation(() => CartType, {
    description:
      'Sets the quantity of each variant already in the cart (0 removes). ' +
      'With addMissing, variants not in the cart are added (as PUT /cart does).',
  })
  updateCartItems(
    @Arg('cartId', () => ID) cartId: string,
    @Arg('items', () => [CartItemInput]) items: CartItemInput[],
    @Arg('addMissing', () => Boolean, withDefault(false)) addMissing: boolean,
    @Ctx() context: IdempotencyContext,
  ): Promise<Cart> {
    return this.carts.setQuantities(cartId, items, addMissing, fieldWrite(context));
  }

  @Mutation(() => CartType, {
    description: 'Removes variants whatever their quantity; ids not in the cart change nothing.',
  })
  removeCartItems(
    @Arg('cartId', () => ID) cartId: string,
    @Arg('variantIds', () => [ID]) variantIds: string[],
    @Ctx() context: IdempotencyContext,
  ): Promise<Cart> {
    return this.carts.removeItems(cartId, variantIds, fieldWrite(context));
  }

  @Mutation(() => CartType)
  updateBuyerIdentity(
    @Arg('cartId', () => ID) cartId: string,
    @Arg('buyerIdentity', () => BuyerIdentityInput) buyerIdentity: BuyerIdentityInput,
    @Ctx() context: IdempotencyContext,
  ): Promise<Cart> {
    return this.carts.updateBuyerIdentity(cartId, { ...buyerIdentity } as BuyerIdentityPatch, fieldWrite(context));
  }

  @Mutation(() => CartType, { description: "Chooses a store's shipping method; `store` is the store's name." })
  selectShippingMethod(
    @Arg('cartId', () => ID) cartId: string,
    @Arg('store', () => String) store: string,
    @Arg('shippingMethodId', () => String) shippingMethodId: string,
    @Ctx() context: IdempotencyContext,
  ): Promise<Cart> {
    return this.carts.selectShippingMethod(cartId, store, shippingMethodId, fieldWrite(context));
  }

  @Mutation(() => CartType, {
    description:
      "Replaces the cart's discount codes ([] clears them; at most 10, matched without case). " +
      'A code that does not apply stays, with a warning (Cart.warnings) naming why.',
  })
  updateCartDiscountCodes(
    @Arg('cartId', () => ID) cartId: string,
    @Arg('codes', () => [String]) codes: string[],
    @Ctx() context: IdempotencyContext,
  ): Promise<Cart> {
    return this.carts.setDiscountCodes(cartId, codes, fieldWrite(context));
  }

  @Mutation(() => SubmitCartResultType, {
    description:
      'Creates one order per store. The same idempotencyKey replays the first answer. With expectedTotal ' +
      "(the cart's cost.total the buyer was shown), a cart that costs another total is refused with " +
      'CART_TOTAL_CHANGED (its cost and warnings in extensions.details) and nothing is written.',
  })
  async submitCart(
    @Arg('cartId', () => ID) cartId: string,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null | undefined,
    @Ctx() context: IdempotencyContext,
    @Arg('expectedTotal', () => MoneyInput, { nullable: true }) expectedTotal?: MoneyInput | null,
  ): Promise<CartStatusAnswer & { replayed: boolean }> {
    // The argument is the older way to give a key; it names this submit of this cart (and the total it expects).
    const idempotentWrite = idempotencyKey
      ? new IdempotentWrite(
          context.idempotencyScope,
          ':graphql-argument:submitCart',
          checkKey(idempotencyKey),
          requestHash(
            expectedTotal ? { submitCart: cartId, expectedTotal: { ...expectedTotal } } : { submitCart: cartId },
          ),
        )
      : fieldWrite(context);
    try {
      const { answer, replayed } = await this.checkout.submit(cartId, idempotentWrite, expectedTotal ?? null);
      return { ...answer, replayed };
    } catch (error) {
      // The cart's cost and warnings in the shapes of GraphQL's Cart.
      if (error instanceof CartTotalChanged)
        throw new AppError(error.code, error.message, graphqlTotalChangedDetails(error));
      throw error;
    }
  }
}
