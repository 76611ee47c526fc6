// The player's failures in words (src/embed/player/words.ts), as the browser runs them: a request
// that failed before any answer told apart into "out of reach" and "refused by CORS" by a no-cors
// probe, a 401 without a key from one with a wrong key, and a total that changed before submit.
import { describe, expect, it } from 'vitest';
import { failedRequestError, inStoreNames, toApiError, totalChangedWords } from '../../src/embed/player/words.js';

const gateway = 'https://gateway.example';
const answered = () => Promise.resolve({ type: 'opaque' });
const refused = () => Promise.reject(new TypeError('Failed to fetch'));

describe('a request that failed before any answer', () => {
  it('is CORS refusing this page when the gateway answers a no-cors probe from another origin', async () => {
    const probed: string[] = [];
    const error = await failedRequestError(`${gateway}/`, 'https://shop.example', (url) => {
      probed.push(url);
      return answered();
    });
    expect([error.code, error.message]).toStrictEqual([
      'CORS_REFUSED',
      'The shop does not accept requests from this page: https://shop.example is not among the origins it allows (CORS).',
    ]);
    expect(probed).toStrictEqual([`${gateway}/healthz`]);
  });

  it('is the gateway out of reach when the probe fails too', async () => {
    const error = await failedRequestError(gateway, 'https://shop.example', refused);
    expect([error.code, error.message]).toStrictEqual([
      'NETWORK',
      'Could not reach the shop. Check your connection and try again.',
    ]);
  });

  it('is out of reach, without a probe, from the gateway’s own origin (CORS plays no part there)', async () => {
    let probes = 0;
    const error = await failedRequestError(`${gateway}/`, gateway, () => {
      probes += 1;
      return answered();
    });
    expect([error.code, probes]).toStrictEqual(['NETWORK', 0]);
  });

  it('is out of reach when the endpoint is no URL', async () => {
    expect((await failedRequestError('not a url', 'https://shop.example', answered)).code).toBe('NETWORK');
  });
});

describe('a refused API key', () => {
  it('says the player has none when it sent none, and that the key was refused when it sent one', () => {
    const refusal = { message: 'A valid API key is required', extensions: { code: 'UNAUTHENTICATED' } };
    expect(toApiError(refusal, 401, false).message).toBe(
      'This player has no API key, and the shop requires one: set its api-key attribute.',
    );
    expect(toApiError(refusal, 401, true).message).toBe(
      'The shop did not accept this player’s API key: check its api-key attribute.',
    );
  });
});

describe('a total that changed before submit', () => {
  it('says the new total, why, and that nothing was ordered', () => {
    const error = toApiError({
      message: 'The cart costs $480.00, not the $470.40 expected',
      extensions: {
        code: 'CART_TOTAL_CHANGED',
        details: {
          cost: { total: { displayValue: '$480.00', value: 480, currency: 'USD' } },
          warnings: [{ code: 'PRICE_CHANGED', message: 'The price of Shell changed', store: 'north-trail.example' }],
        },
      },
    });
    expect([error.code, error.message]).toStrictEqual([
      'CART_TOTAL_CHANGED',
      'The total changed to $480.00: The price of Shell changed. Nothing was ordered yet: check it, then place ' +
        'the order again to confirm.',
    ]);
    expect(totalChangedWords('$9.00', [])).toBe(
      'The total changed to $9.00 since you last saw it. Nothing was ordered yet: check it, then place the order ' +
        'again to confirm.',
    );
  });

  it('names stores as shoppers know them', () => {
    const stores = [{ store: 'north-trail.example', storeName: 'North Trail' }];
    expect(
      inStoreNames(stores, { message: 'No longer sold by north-trail.example', store: 'north-trail.example' }),
    ).toBe('No longer sold by North Trail');
    expect(inStoreNames(stores, { message: 'Unchanged', store: null })).toBe('Unchanged');
  });
});
