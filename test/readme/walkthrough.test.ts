// The documented GraphQL cart walkthrough runs as written: every fenced `graphql` block of
// "Carts, step by step" (docs/carts.md) is executed in order against the demo catalog, `$cartId` taken
// from the first answer and `$orderId` from submit's. A page that drifts from the schema or the rules
// (a walkthrough that cannot submit, say) fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type OperationDefinitionNode } from 'graphql';
import { projectRoot } from '../../src/db/schema-engine.js';
import { createTestApp, readDemoCatalog, type TestApp } from '../helpers.js';

const page = readFileSync(join(projectRoot, 'docs', 'carts.md'), 'utf8');
const start = page.indexOf('\n## Carts, step by step\n');
const section = page.slice(start, page.indexOf('\n## ', start + 1));
const operations = [...section.matchAll(/```graphql\n([\s\S]*?)```/g)].map((match) => match[1]!);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readDemoCatalog());
});
afterAll(() => t.close());

describe('the GraphQL walkthrough of docs/carts.md', () => {
  it('has its operations, each one operation that parses', () => {
    expect(operations.length).toBeGreaterThanOrEqual(7);
    for (const text of operations) expect(parse(text).definitions).toHaveLength(1);
  });

  it('runs as written, in order, without an error, and ends with placed orders', async () => {
    const known: Record<string, string> = {};
    const names: string[] = [];
    for (const text of operations) {
      const operation = parse(text).definitions[0] as OperationDefinitionNode;
      names.push(operation.name?.value ?? '(anonymous)');
      const variables = Object.fromEntries(
        (operation.variableDefinitions ?? []).map((definition) => [
          definition.variable.name.value,
          known[definition.variable.name.value],
        ]),
      );
      const response = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: text, variables } });
      const body = response.json() as {
        data?: Record<string, { id?: string; orders?: { id: string }[] }>;
        errors?: unknown[];
      };
      expect(body.errors, `${names.at(-1)}: ${JSON.stringify(body.errors)}`).toBeUndefined();
      expect(response.statusCode).toBe(200);
      const created = body.data?.addCartItems?.id;
      if (created) known.cartId = created;
      const order = body.data?.submitCart?.orders?.[0]?.id;
      if (order) known.orderId = order;
    }
    console.info(`Walkthrough: ${names.join(' → ')}`);
    const status = await t.app.inject({ method: 'POST', url: `/cart/cartStatus/${known.cartId}` });
    expect(status.json()).toMatchObject({ status: 'SUBMITTED' });
    const orders = (status.json() as { orders: { status: string }[] }).orders;
    expect(orders.some((order) => order.status === 'PLACED')).toBe(true);
  });
});
