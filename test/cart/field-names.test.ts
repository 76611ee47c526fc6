// Errors that name fields of the request name them as the API that was called does, in the
// message and the details alike: REST as its bodies (first_name, address_1), GraphQL as its inputs
// (firstName, address1). The services throw them with the domain's names (errors.ts, FieldError);
// REST's error handler and GraphQL's error formatting name them. A refused request changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpDatabase, readFixture, type TestApp } from '../helpers.js';
import { addToCart, post } from './cart-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'));
});
afterAll(() => t.close());

interface GraphQLAnswer {
  errors?: { message: string; extensions: { code: string; details?: unknown } }[];
}

async function graphql(query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> {
  return (await t.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } })).json();
}

const newCart = async () => (await addToCart(t, [{ variant_id: '2021', quantity: 1 }])).body.id;
const longAddress = 'x'.repeat(300);
const tooLong = 'must be at most 255 characters';
const country = 'must be an ISO 3166-1 alpha-2 country code, such as "US"';
const email = 'must be an e-mail address';

describe('BUYER_IDENTITY_INVALID', () => {
  it('REST names the fields as its bodies do', async () => {
    const cartId = await newCart();
    const before = await dumpDatabase(t.database);
    const answer = await post(t, '/cart/customerInfo', {
      id: cartId,
      buyer_identity: { address_1: longAddress, country_code: 'USA', email: 'nope' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toStrictEqual({
      statusCode: 422,
      code: 'BUYER_IDENTITY_INVALID',
      error: 'Unprocessable Entity',
      message: `Invalid buyer identity: address_1 ${tooLong}; country_code ${country}; email ${email}`,
      details: {
        fields: ['address_1', 'country_code', 'email'],
        messages: { address_1: tooLong, country_code: country, email },
      },
    });
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it('GraphQL names them as its inputs do', async () => {
    const cartId = await newCart();
    const before = await dumpDatabase(t.database);
    const answer = await graphql(
      'mutation Identify($cartId: ID!, $identity: BuyerIdentityInput!) ' +
        '{ updateBuyerIdentity(cartId: $cartId, buyerIdentity: $identity) { id } }',
      { cartId, identity: { address1: longAddress, countryCode: 'USA', email: 'nope' } },
    );
    expect(answer.errors?.[0]?.message).toBe(
      `Invalid buyer identity: address1 ${tooLong}; countryCode ${country}; email ${email}`,
    );
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: 'BUYER_IDENTITY_INVALID',
      details: {
        fields: ['address1', 'countryCode', 'email'],
        messages: { address1: tooLong, countryCode: country, email },
      },
    });
    expect(await dumpDatabase(t.database)).toBe(before);
  });
});

describe('BUYER_IDENTITY_MISSING', () => {
  const partial = { first_name: 'Ada', city: 'Oakland', email: 'ada@example.com' };

  it('REST names the fields as its bodies do', async () => {
    const cartId = await newCart();
    await post(t, '/cart/customerInfo', { id: cartId, buyer_identity: partial });
    const before = await dumpDatabase(t.database);
    const answer = await post(t, '/cart/submit', { id: cartId });
    expect(answer.status).toBe(422);
    expect(answer.body).toStrictEqual({
      statusCode: 422,
      code: 'BUYER_IDENTITY_MISSING',
      error: 'Unprocessable Entity',
      message: 'The buyer identity lacks last_name, address_1, country_code, postal_code',
      details: { fields: ['last_name', 'address_1', 'country_code', 'postal_code'] },
    });
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it('GraphQL names them as its inputs do', async () => {
    const cartId = await newCart();
    await post(t, '/cart/customerInfo', { id: cartId, buyer_identity: partial });
    const before = await dumpDatabase(t.database);
    const answer = await graphql('mutation Submit($cartId: ID!) { submitCart(cartId: $cartId) { status } }', {
      cartId,
    });
    expect(answer.errors?.[0]?.message).toBe('The buyer identity lacks lastName, address1, countryCode, postalCode');
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: 'BUYER_IDENTITY_MISSING',
      details: { fields: ['lastName', 'address1', 'countryCode', 'postalCode'] },
    });
    expect(await dumpDatabase(t.database)).toBe(before);
  });
});
