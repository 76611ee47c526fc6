// Builds the GraphQL schema from the type-graphql classes, wiring resolvers to the services.
import 'reflect-metadata';
import { buildSchemaSync, type ResolverData } from 'type-graphql';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import {
  CatalogProductResolver,
  MediaResolver,
  PlacementResolver,
  ProductResolver,
  SkuResolver,
} from './catalog/catalog.resolver.js';
import type { CatalogService } from './catalog/catalog.service.js';
import { CartResolver } from './cart/cart.resolver.js';
import { CartFieldsResolver } from './cart/cart.graphql.js';
import { OrderFieldsResolver } from './orders/order.graphql.js';
import type { CartService } from './cart/cart.service.js';
import type { CheckoutService } from './cart/checkout.service.js';
import { OrderResolver } from './orders/order.resolver.js';
import type { OrderService } from './orders/order.service.js';
import { MoneyResolver } from './graphql/money.type.js';
import { WebhookResolver } from './webhooks/webhooks.resolver.js';
import { DiscountResolver } from './discounts/discount.resolver.js';
import type { DiscountService } from './discounts/discount.service.js';
import type { WebhookService } from './webhooks/webhooks.service.js';
import { LiveResolver, noTopics } from './live/live.resolver.js';
import { PerformanceResolver } from './performance/performance.resolver.js';
import type { PerformanceService } from './performance/performance.service.js';
import { RankingResolver } from './performance/ranking.resolver.js';
import type { RankingService } from './performance/ranking.service.js';
import type { MediaAdminService } from './media/media.service.js';
import { MediaAdminResolver } from './media/media.resolver.js';
import { SearchResolver } from './search/search.resolver.js';
import { PlayerEventsResolver } from './player-events/player-events.resolver.js';
import type { PlayerEventsService } from './player-events/player-events.service.js';
import type { ProductSearch } from './search/search.service.js';
import { nullMeansDefault } from './graphql/defaults.js';

export interface SchemaServices {
  catalog: CatalogService;
  carts: CartService;
  checkout: CheckoutService;
  orders: OrderService;
  webhooks: WebhookService;
  discounts: DiscountService;
  performance: PerformanceService;
  ranking: RankingService;
  media: MediaAdminService;
  search: ProductSearch;
  playerEvents: PlayerEventsService;
}

const resolverClasses = [
  MediaResolver,
  PlacementResolver,
  CatalogProductResolver,
  ProductResolver,
  SkuResolver,
  SearchResolver,
  MoneyResolver,
  CartResolver,
  CartFieldsResolver,
  OrderResolver,
  OrderFieldsResolver,
  WebhookResolver,
  DiscountResolver,
  PerformanceResolver,
  RankingResolver,
  MediaAdminResolver,
  PlayerEventsResolver,
  LiveResolver,
] as const;

export function buildGatewaySchema(services: SchemaServices): GraphQLSchema {
  // Made on first use, so that printing the schema needs no services.
  const factories = new Map<unknown, () => unknown>([
    [MediaResolver, () => new MediaResolver(services.catalog)],
    [PlacementResolver, () => new PlacementResolver(services.catalog)],
    [CatalogProductResolver, () => new CatalogProductResolver(services.catalog)],
    [ProductResolver, () => new ProductResolver(services.catalog)],
    [SkuResolver, () => new SkuResolver()],
    [SearchResolver, () => new SearchResolver(services.search, services.catalog)],
    [MoneyResolver, () => new MoneyResolver()],
    [CartResolver, () => new CartResolver(services.carts, services.checkout)],
    [CartFieldsResolver, () => new CartFieldsResolver()],
    [OrderFieldsResolver, () => new OrderFieldsResolver()],
    [OrderResolver, () => new OrderResolver(services.orders)],
    [WebhookResolver, () => new WebhookResolver(services.webhooks)],
    [DiscountResolver, () => new DiscountResolver(services.discounts)],
    [PerformanceResolver, () => new PerformanceResolver(services.performance)],
    [RankingResolver, () => new RankingResolver(services.ranking)],
    [MediaAdminResolver, () => new MediaAdminResolver(services.media)],
    [PlayerEventsResolver, () => new PlayerEventsResolver(services.playerEvents)],
    [LiveResolver, () => new LiveResolver()],
  ]);
  const instances = new Map<unknown, unknown>();
  return nullMeansDefault(
    buildSchemaSync({
      resolvers: resolverClasses,
      container: {
        get: (resolverClass: unknown, _data: ResolverData<object>) => {
          let instance = instances.get(resolverClass);
          if (instance === undefined) {
            const factory = factories.get(resolverClass);
            if (!factory) throw new Error(`No factory for resolver ${String(resolverClass)}`);
            instance = factory();
            instances.set(resolverClass, instance);
          }
          return instance;
        },
      },
      validate: false,
      pubSub: noTopics,
    }),
  );
}

/**
 * The schema with no services behind it: for printing and inspecting it (its resolvers throw if
 * called).
 */
export function unservedGatewaySchema(): GraphQLSchema {
  const unused = new Proxy(
    {},
    {
      get: () => {
        throw new Error('services are not available while printing the schema');
      },
    },
  );
  return buildGatewaySchema(unused as SchemaServices);
}

/**
 * The SDL checked in at schema/schema.graphql, types and fields in name order: the order the
 * decorators registered them in follows which module was imported first, which a test run (or a
 * tool importing one resolver early) may change. Resolvers are never called while printing.
 */
export function printGatewaySchema(): string {
  return `${printSchema(lexicographicSortSchema(unservedGatewaySchema()))}\n`;
}
