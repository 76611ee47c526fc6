import { describe, expect, it } from 'vitest';
import { canTransition, cartStatusOf, orderStatuses, type OrderStatus } from '../../src/domain/order-status.js';

const allowed: [OrderStatus, OrderStatus][] = [
  ['SUBMITTED', 'PLACED'],
  ['PLACED', 'FULFILLED'],
  ['SUBMITTED', 'ACTION_REQUIRED'],
  ['PLACED', 'ACTION_REQUIRED'],
  ['ACTION_REQUIRED', 'PLACED'],
  ['SUBMITTED', 'CANCELLED'],
  ['PLACED', 'CANCELLED'],
  ['ACTION_REQUIRED', 'CANCELLED'],
  ['SUBMITTED', 'FAILED'],
];

describe('order status machine', () => {
  it('allows exactly the transitions of the contract', () => {
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });
});

describe('cart status', () => {
  it.each([
    [[], 'IN_PROGRESS'],
    [['SUBMITTED'], 'SUBMITTED'],
    [['FULFILLED', 'PLACED'], 'SUBMITTED'],
    [['FULFILLED', 'ACTION_REQUIRED'], 'SUBMITTED'],
    [['FULFILLED', 'CANCELLED'], 'COMPLETED'],
    [['FULFILLED'], 'COMPLETED'],
    [['CANCELLED', 'FAILED'], 'FAILED'],
    [['CANCELLED'], 'FAILED'],
  ] as [OrderStatus[], string][])('%j → %s', (statuses, expected) => {
    expect(cartStatusOf(statuses)).toBe(expected);
  });
});
