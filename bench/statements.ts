// SQL statements per cart operation, counted in process from Prisma's query events on the
// bench database (scenario d reports them beside its rps).
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';

export type StatementCounts = Record<'create' | 'add' | 'update' | 'get', number>;

export async function countStatements(databaseFile: string): Promise<StatementCounts> {
  let count = 0;
  const database = await openDatabase(`file:${databaseFile}`, { onQuery: () => (count += 1) });
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0' }), database);
  const measure = async (run: () => Promise<{ body: string }>) => {
    count = 0;
    const response = await run();
    return { statements: count, body: response.body };
  };
  try {
    const create = await measure(() =>
      app.inject({
        method: 'POST',
        url: '/cart',
        payload: { items: { storefront_cart_items_input: [{ variant_id: '10', quantity: 1 }] } },
      }),
    );
    const cartId = (JSON.parse(create.body) as { id: string }).id;
    const add = await measure(() =>
      app.inject({
        method: 'POST',
        url: '/cart/add',
        payload: { cart_id: cartId, item: { variant_id: '21', quantity: 2 } },
      }),
    );
    const update = await measure(() =>
      app.inject({
        method: 'POST',
        url: '/cart/update',
        payload: { cart_id: cartId, item: { variant_id: '10', quantity: 3 } },
      }),
    );
    const get = await measure(() => app.inject({ method: 'GET', url: `/cart/${cartId}` }));
    return { create: create.statements, add: add.statements, update: update.statements, get: get.statements };
  } finally {
    await app.close();
    await database.close();
  }
}
