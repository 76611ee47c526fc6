// The app's services, built once per app with the repositories they share: the REST routes (each
// feature's plugin) and the GraphQL resolvers (schema.ts) call the same instances, and every
// request's context makes its DataLoaders over the same catalog repository and cache. Features that
// act on each other without knowing each other meet here: a write that moves stock tells the
// catalog through StockEvents. The server's periodic sweep (createSweep), apart from the app, gets
// its repository here too.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { sqliteFilePath, type Database } from './db/database.js';
import { createRequestContext, type Caller, type RequestContext } from './context.js';
import type { SchemaServices } from './schema.js';
import { CatalogRepository } from './catalog/catalog.repository.js';
import { CatalogService } from './catalog/catalog.service.js';
import { ProductAnswerRepository } from './catalog/product-answer.repository.js';
import { CatalogCache } from './catalog/catalog.cache.js';
import { CatalogChanges } from './catalog/catalog-changes.js';
import { StockAnswers } from './catalog/stock-answers.js';
import { CartService } from './cart/cart.service.js';
import { CartLifetime } from './cart/cart.lifetime.js';
import { CartRepository } from './cart/cart.repository.js';
import { sweep, type SweepReport } from './cart/cart.sweeper.js';
import { CheckoutService } from './cart/checkout.service.js';
import { OrderService } from './orders/order.service.js';
import { OrderRepository } from './orders/order.repository.js';
import { DomainEvents } from './events/domain-events.js';
import { StockEvents } from './events/stock-events.js';
import { WebhookService } from './webhooks/webhooks.service.js';
import { WebhookRepository } from './webhooks/webhooks.repository.js';
import { DiscountService } from './discounts/discount.service.js';
import { DiscountRepository } from './discounts/discount.repository.js';
import { DeliveryRepository } from './events/delivery.repository.js';
import { createChangeFeed, type ChangeFeed } from './events/change-feed.js';
import { LiveUpdates } from './live/live.service.js';
import { PerformanceRepository } from './performance/performance.repository.js';
import { PerformanceService } from './performance/performance.service.js';
import { FunnelRepository } from './performance/funnel.repository.js';
import { RankingRepository } from './performance/ranking.repository.js';
import { RankingService } from './performance/ranking.service.js';
import { MediaAdminService } from './media/media.service.js';
import { MediaRepository } from './media/media.repository.js';
import { SearchService, type ProductSearch } from './search/search.service.js';
import { SearchRepository } from './search/search.repository.js';
import { SearchThread } from './search/search-thread.js';
import { MediaPlacementRepository, PlayerEventRepository } from './player-events/player-events.repository.js';
import { PlayerEventsService } from './player-events/player-events.service.js';
import { sessionsKeptMs } from './player-events/player-events.model.js';
import { inProcessWriter, type EventWriter } from './player-events/player-events.writer.js';
import { eventThreadWriter } from './player-events/player-events-thread.js';

export interface Services extends SchemaServices {
  /** What changed in the catalog: what keeps catalog data (records, whole answers) follows it. */
  catalogChanges: CatalogChanges;
  catalogCache: CatalogCache;
  /** Where writes' domain events reach live updates. */
  changes: ChangeFeed;
  live: LiveUpdates;
  /** A new request's context; its DataLoaders are made on first use. */
  requestContext(caller: Caller): RequestContext;
}

/** The catalog search: in a thread of its own (the server), or in process. */
function createSearch(config: Config, database: Database, log: FastifyBaseLogger, inThread: boolean): ProductSearch {
  if (!inThread) return new SearchService(new SearchRepository(database.reader), { ttlMs: config.catalogCacheTtlMs });
  const {
    databaseUrl,
    statementTimeoutMs,
    catalogCacheTtlMs: ttlMs,
    searchMemoryMb: memoryMb,
    searchQueueMax: queueMax,
  } = config;
  return new SearchThread({ databaseUrl, statementTimeoutMs, ttlMs, memoryMb, queueMax }, log);
}

/** Where player events are written: on SQLite in a thread of their own (the server's), else in process. */
function playerEventWriter(config: Config, database: Database, inThread: boolean): EventWriter {
  if (inThread && database.provider === 'sqlite')
    return eventThreadWriter({ file: sqliteFilePath(config.databaseUrl), synchronous: config.sqliteSynchronous });
  return inProcessWriter(new PlayerEventRepository(database.sql));
}

/** How long a cart that is not submitted lives (CART_TTL_SECONDS). */
function cartLifetime(config: Config): CartLifetime {
  return new CartLifetime(config.cartTtlSeconds * 1000);
}

/**
 * The sweep of expired carts, old Idempotency-Key records and old events, and of what is kept of
 * player sessions past 48 hours, on the repositories it needs (the server runs it on a timer, apart
 * from the app).
 */
export function createSweep(
  config: Config,
  database: Database,
): () => Promise<SweepReport & { playerSessions: number }> {
  const lifetime = cartLifetime(config);
  const carts = new CartRepository();
  const playerEvents = new PlayerEventRepository(database.sql);
  return async () => ({
    ...(await sweep(database.db, lifetime, carts, { idempotencyBudgetBytes: config.idempotencyBudgetBytes })),
    playerSessions: await playerEvents.prune(Date.now() - sessionsKeptMs),
  });
}

export function createServices(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  options: { searchThread: boolean; eventsThread: boolean } = { searchThread: false, eventsThread: false },
): Services {
  const catalogRepository = new CatalogRepository(database.db, database.reader);
  const catalogChanges = new CatalogChanges(catalogRepository, config.catalogCacheTtlMs);
  const catalogCache = new CatalogCache(catalogChanges, {
    maxEntries: config.catalogCacheMaxEntries,
    maxBytes: config.catalogCacheMaxBytes,
  });
  const catalog = new CatalogService(
    catalogRepository,
    catalogCache,
    new ProductAnswerRepository(database.reader, config.answerMaxBytes),
  );
  const lifetime = cartLifetime(config);
  // Streams of live updates may take at most half of the connections a process accepts.
  const changes = createChangeFeed(database, { maxWatches: Math.max(1, Math.floor(config.maxConnections / 2)), log });
  // What writes tell the world, recorded on their transactions: the outbox and the feed.
  const events = new DomainEvents(changes);
  // The catalog's stored answers show stock: each write that moves it has them rewritten in its
  // transaction, and this process shows the change at once (others within CATALOG_CACHE_TTL_MS).
  const stock = new StockEvents();
  stock.handle(new StockAnswers(catalogChanges));
  const cartRepository = new CartRepository();
  const orderRepository = new OrderRepository();
  const discountRepository = new DiscountRepository();
  const carts = new CartService(database.db, lifetime, events, cartRepository, discountRepository);
  const checkout = new CheckoutService(
    database.db,
    lifetime,
    events,
    stock,
    cartRepository,
    orderRepository,
    discountRepository,
  );
  const orders = new OrderService(database.db, events, stock, orderRepository, discountRepository);
  const webhooks = new WebhookService(
    database.db,
    database.provider,
    new WebhookRepository(),
    new DeliveryRepository(database.sql),
    { allowPrivateUrls: config.webhookAllowPrivateUrls, maxEndpoints: config.webhookMaxEndpoints },
  );
  return {
    catalog,
    catalogChanges,
    catalogCache,
    carts,
    checkout,
    orders,
    webhooks,
    discounts: new DiscountService(database.db, discountRepository),
    performance: new PerformanceService(
      new PerformanceRepository(database.db, database.reader),
      new FunnelRepository(database.db, database.reader),
    ),
    ranking: new RankingService(new RankingRepository(database.db, database.reader)),
    // Media written through the admin API: this process shows it at once, the others within CATALOG_CACHE_TTL_MS.
    media: new MediaAdminService(database.db, new MediaRepository(), () => catalogChanges.replaced()),
    search: createSearch(config, database, log, options.searchThread),
    // Taken in by requests, written every PLAYER_EVENTS_FLUSH_MS off the request path.
    playerEvents: new PlayerEventsService(
      new MediaPlacementRepository(database.reader),
      playerEventWriter(config, database, options.eventsThread),
      catalogChanges,
      { flushMs: config.playerEventsFlushMs, maxPending: config.playerEventsMaxPending, log },
    ),
    changes,
    live: new LiveUpdates(carts, orders, changes),
    requestContext: (caller) => createRequestContext(catalogRepository, catalogCache, caller, config.answerMaxObjects),
  };
}
