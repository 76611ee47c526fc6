/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation AddFromMedia($cartId: ID, $items: [CartItemInput!]!) {\n    addCartItems(cartId: $cartId, items: $items) {\n      id\n      stores { cartLines { id quantity mediaId placementId variant { variantId } } }\n    }\n  }\n": typeof types.AddFromMediaDocument,
    "\n  mutation SubmitAttributed($cartId: ID!) {\n    submitCart(cartId: $cartId) { orders { id lines { id variantId quantity mediaId placementId } } }\n  }\n": typeof types.SubmitAttributedDocument,
    "\n  query MediaPerformance($mediaId: ID!, $from: DateTime, $to: DateTime) {\n    mediaPerformance(mediaId: $mediaId, from: $from, to: $to) {\n      mediaId from to carts unitsAdded orders unitsSold\n      revenue { value displayValue currency minorUnits }\n      byStore { storeId store carts unitsAdded orders unitsSold revenue { currency minorUnits } }\n    }\n  }\n": typeof types.MediaPerformanceDocument,
    "\n  fragment ExpectedTotalMoney on Money { value displayValue currency minorUnits }\n": typeof types.ExpectedTotalMoneyFragmentDoc,
    "\n  query ShownCart($id: ID!) {\n    cart(id: $id) {\n      cost {\n        isEstimated\n        subtotal { ...ExpectedTotalMoney }\n        tax { ...ExpectedTotalMoney }\n        shipping { ...ExpectedTotalMoney }\n        discount { ...ExpectedTotalMoney }\n        total { ...ExpectedTotalMoney }\n      }\n      warnings { code message store variantId discountCode }\n    }\n  }\n": typeof types.ShownCartDocument,
    "\n  mutation SubmitExpecting($cartId: ID!, $expectedTotal: MoneyInput, $key: String) {\n    submitCart(cartId: $cartId, expectedTotal: $expectedTotal, idempotencyKey: $key) { status replayed orders { id } }\n  }\n": typeof types.SubmitExpectingDocument,
    "\n  fragment TestCartFields on Cart {\n    id\n    cost {\n      isEstimated\n      subtotal { value displayValue currency minorUnits }\n      tax { value minorUnits }\n      shipping { value minorUnits }\n      total { value displayValue minorUnits }\n    }\n    buyerIdentity { firstName lastName address1 address2 city provinceCode countryCode postalCode email phone }\n    stores {\n      store\n      storeId\n      requestId\n      isSubmitted\n      cartLines {\n        quantity\n        variant { variantId title marketplace description isAvailable price { value minorUnits } }\n        product { productId title }\n      }\n      offer {\n        subtotal { minorUnits }\n        margin { minorUnits }\n        tax { minorUnits }\n        shipping { minorUnits }\n        notAvailableIds\n        shippingMethods { id code label price { minorUnits } taxes { minorUnits } total { minorUnits } }\n        selectedShippingMethod { id code taxes { minorUnits } }\n      }\n    }\n  }\n": typeof types.TestCartFieldsFragmentDoc,
    "\n  mutation AddItems($cartId: ID, $items: [CartItemInput!]!) {\n    addCartItems(cartId: $cartId, items: $items) { ...TestCartFields }\n  }\n": typeof types.AddItemsDocument,
    "\n  mutation UpdateItems($cartId: ID!, $items: [CartItemInput!]!, $addMissing: Boolean) {\n    updateCartItems(cartId: $cartId, items: $items, addMissing: $addMissing) { id stores { cartLines { quantity variant { variantId } } } }\n  }\n": typeof types.UpdateItemsDocument,
    "\n  mutation RemoveItems($cartId: ID!, $variantIds: [ID!]!) {\n    removeCartItems(cartId: $cartId, variantIds: $variantIds) { id stores { store cartLines { variant { variantId } } } }\n  }\n": typeof types.RemoveItemsDocument,
    "\n  mutation Identify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {\n    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { ...TestCartFields }\n  }\n": typeof types.IdentifyDocument,
    "\n  mutation ChooseShipping($cartId: ID!, $store: String!, $method: String!) {\n    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) { ...TestCartFields }\n  }\n": typeof types.ChooseShippingDocument,
    "\n  mutation Submit($cartId: ID!, $key: String) {\n    submitCart(cartId: $cartId, idempotencyKey: $key) {\n      status\n      replayed\n      orders { id cartId storeId status events { id createdAt type } requiredActions { action description } }\n      cart { id stores { store requestId isSubmitted cartLines { quantity } } }\n    }\n  }\n": typeof types.SubmitDocument,
    "\n  mutation UpdateOrder($orderId: ID!, $status: OrderStatus!, $actions: [RequiredActionInput!]) {\n    updateOrderStatus(orderId: $orderId, status: $status, requiredActions: $actions) { id status events { type } requiredActions { action description } }\n  }\n": typeof types.UpdateOrderDocument,
    "\n  query ReadCart($id: ID!) {\n    cart(id: $id) { ...TestCartFields }\n    cartStatus(id: $id) { status orders { id status } cart { id stores { cartLines { quantity } } } }\n  }\n": typeof types.ReadCartDocument,
    "\n      query PlacementsLook { image(id: \"1\") { id placements { id x y startMs endMs product { id title } } } video(id: \"2\") { id placements { id x y startMs endMs product { id title } } } }\n    ": typeof types.PlacementsLookDocument,
    "\n  query BudgetImage($id: ID!) {\n    image(id: $id) {\n      id slug url\n      products { id title brand priceMoney { displayValue minorUnits } variants { name values } skus { skuId name qtyAvailable inStock salePrice } similarProducts { priceTier product { id title skus { skuId } } } }\n      placements { id x y product { id title } }\n    }\n  }\n": typeof types.BudgetImageDocument,
    "\n  query BudgetProduct($id: ID!) {\n    product(id: $id) { id title skus { skuId qtyAvailable } similarProducts { priceTier product { id title } } media(first: 5) { nodes { id slug } } }\n  }\n": typeof types.BudgetProductDocument,
    "\n  query BudgetProducts($first: Int!) {\n    products(brand: \"Acme\", first: $first) { nodes { id title skus { skuId qtyAvailable } } pageInfo { hasNextPage } }\n  }\n": typeof types.BudgetProductsDocument,
    "\n  fragment FlowAmount on Money { value currency displayValue }\n": typeof types.FlowAmountFragmentDoc,
    "\n  fragment FlowProduct on Product {\n    id\n    title\n    price\n    currency\n    similarProducts { priceTier product { id title price } }\n  }\n": typeof types.FlowProductFragmentDoc,
    "\n  \n  query FlowLookBySlug($slug: String!) { image(slug: $slug) { id slug products { ...FlowProduct } } }\n": typeof types.FlowLookBySlugDocument,
    "\n  \n  query FlowProductPage($id: ID!) { product(id: $id) { ...FlowProduct skus { skuId salePrice retailPrice } } }\n": typeof types.FlowProductPageDocument,
    "\n  \n  fragment FlowCart on Cart {\n    id\n    cost { id isEstimated subtotal { ...FlowAmount } tax { ...FlowAmount } shipping { ...FlowAmount } total { ...FlowAmount } }\n    buyerIdentity { id firstName lastName address1 city provinceCode countryCode postalCode email }\n    stores {\n      id\n      store\n      storeId\n      isSubmitted\n      cartLines { id quantity variant { variantId title isAvailable price { ...FlowAmount } } product { productId title } }\n      offer {\n        id\n        subtotal { ...FlowAmount }\n        tax { ...FlowAmount }\n        shipping { ...FlowAmount }\n        shippingMethods { id code label price { ...FlowAmount } taxes { ...FlowAmount } total { ...FlowAmount } }\n        selectedShippingMethod { id code label price { ...FlowAmount } }\n      }\n    }\n  }\n": typeof types.FlowCartFragmentDoc,
    "\n  \n  query FlowReadCart($id: ID!) { cart(id: $id) { ...FlowCart } }\n": typeof types.FlowReadCartDocument,
    "\n  query FlowCartStatus($id: ID!) { cartStatus(id: $id) { status orders { id storeId status events { id type } } cart { id stores { id isSubmitted } } } }\n": typeof types.FlowCartStatusDocument,
    "\n  \n  mutation FlowAddItems($items: [CartItemInput!]!) { addCartItems(cartId: null, items: $items) { ...FlowCart } }\n": typeof types.FlowAddItemsDocument,
    "\n  \n  mutation FlowIdentify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {\n    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { id buyerIdentity { id firstName countryCode } cost { id isEstimated total { ...FlowAmount } } }\n  }\n": typeof types.FlowIdentifyDocument,
    "\n  \n  mutation FlowChooseShipping($cartId: ID!, $store: String!, $method: String!) {\n    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) {\n      id\n      cost { id total { ...FlowAmount } }\n      stores { id offer { id shipping { ...FlowAmount } selectedShippingMethod { id code price { ...FlowAmount } } } }\n    }\n  }\n": typeof types.FlowChooseShippingDocument,
    "\n  mutation FlowSubmit($cartId: ID!) { submitCart(cartId: $cartId) { status orders { id storeId status } cart { id stores { id isSubmitted } } } }\n": typeof types.FlowSubmitDocument,
    "\n  query ImageById($id: ID!) {\n    image(id: $id) {\n      id\n      kind\n      slug\n      fileName\n      platform\n      products {\n        id\n        externalId\n        title\n        description\n        brand\n        url\n        price\n        currency\n        category\n        isAvailable\n        images\n        nativeCheckout\n        variants { name visual values }\n        skus {\n          skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency\n          status type taxable taxType dateCreated dateLastModified\n          variantValues { variant value }\n          skuDimensions { weight type }\n        }\n      }\n    }\n  }\n": typeof types.ImageByIdDocument,
    "\n  query MediaBySlug($slug: String!) {\n    image(slug: $slug) { id kind products { id } }\n    video(slug: \"clip-two\") { id kind platform products { id } }\n  }\n": typeof types.MediaBySlugDocument,
    "\n  query VideoComparables($id: ID!, $limit: Int) {\n    video(id: $id) {\n      id\n      products {\n        id\n        similarProducts(limit: $limit) { priceTier product { id title price isAvailable skus { skuId } } }\n      }\n    }\n  }\n": typeof types.VideoComparablesDocument,
    "\n  query ProductPrices($id: ID!) {\n    product(id: $id) {\n      price\n      priceMoney { value minorUnits currency displayValue }\n      skus { salePrice priceMoney { value minorUnits currency displayValue } }\n    }\n  }\n": typeof types.ProductPricesDocument,
    "\n  query ProductById($id: ID!) {\n    product(id: $id) { id title price currency similarProducts { priceTier product { id } } skus { skuId salePrice retailPrice } }\n  }\n": typeof types.ProductByIdDocument,
    "\n  query ProductPage($first: Int, $after: String, $category: String, $brand: String) {\n    products(first: $first, after: $after, category: $category, brand: $brand) {\n      edges { cursor node { id } }\n      nodes { id title }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.ProductPageDocument,
    "\n  query ImageAndVideo($id: ID, $slug: String) {\n    image(id: $id, slug: $slug) { id }\n  }\n": typeof types.ImageAndVideoDocument,
    "\n  subscription CartUpdated($cartId: ID!) {\n    cartUpdated(cartId: $cartId) {\n      id\n      stores {\n        store\n        isSubmitted\n        cartLines {\n          quantity\n          variant {\n            variantId\n          }\n        }\n      }\n      cost {\n        total {\n          minorUnits\n        }\n      }\n    }\n  }\n": typeof types.CartUpdatedDocument,
    "\n  subscription OrderUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      status\n      requiredActions {\n        action\n      }\n    }\n  }\n": typeof types.OrderUpdatedDocument,
    "\n  mutation SubmitNumbered($cartId: ID!) {\n    submitCart(cartId: $cartId) {\n      orders { id orderNumber storeId storeName }\n      cart { stores { store storeName } }\n    }\n  }\n": typeof types.SubmitNumberedDocument,
    "\n  query NumberedOrder($id: ID!) {\n    order(id: $id) { orderNumber storeName }\n  }\n": typeof types.NumberedOrderDocument,
    "\n  query CartStoreNames($id: ID!) {\n    cartStatus(id: $id) {\n      orders { orderNumber storeName }\n      cart { stores { store storeName } }\n    }\n  }\n": typeof types.CartStoreNamesDocument,
    "\n  mutation RecordPlayerEvents($events: [PlayerEventInput!]!) {\n    recordPlayerEvents(events: $events)\n  }\n": typeof types.RecordPlayerEventsDocument,
    "\n  mutation RecordEvents($events: [PlayerEventInput!]!) {\n    recordPlayerEvents(events: $events)\n  }\n": typeof types.RecordEventsDocument,
    "\n  query Funnel($mediaId: ID!, $from: DateTime) {\n    mediaPerformance(mediaId: $mediaId, from: $from) {\n      carts\n      orders\n      impressions\n      plays\n      hotspotOpens\n      engagementRate\n      addToCartRate\n      conversionRate\n      byPlacement {\n        placementId\n        productId\n        hotspotOpens\n        carts\n        unitsAdded\n        orders\n        unitsSold\n        revenue {\n          minorUnits\n          currency\n        }\n      }\n      series(interval: HOUR) {\n        at\n        impressions\n        plays\n        hotspotOpens\n        carts\n        orders\n        revenue {\n          minorUnits\n        }\n      }\n    }\n  }\n": typeof types.FunnelDocument,
    "\n  query MediaAnalytics($sort: MediaRankingSort, $first: Int, $after: String) {\n    mediaAnalytics(sort: $sort, first: $first, after: $after) {\n      sort\n      nodes {\n        mediaId\n        kind\n        slug\n        deleted\n        impressions\n        hotspotOpens\n        carts\n        orders\n        revenue {\n          minorUnits\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.MediaAnalyticsDocument,
    "\n  query Search($query: String, $filter: ProductSearchFilter, $sort: ProductSearchSort, $first: Int, $after: String) {\n    searchProducts(query: $query, filter: $filter, sort: $sort, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          title\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n      facets {\n        brands {\n          value\n          count\n        }\n        categories {\n          value\n          count\n        }\n        price {\n          min\n          max\n          currency\n        }\n      }\n    }\n  }\n": typeof types.SearchDocument,
    "\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!], $description: String) {\n    createWebhookEndpoint(url: $url, events: $events, description: $description) {\n      secret\n      endpoint {\n        id\n        url\n        description\n        events\n        enabled\n        failingSince\n      }\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      id\n      url\n    }\n  }\n": typeof types.WebhookEndpointsDocument,
    "\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      description\n      events\n      enabled\n      failingSince\n      createdAt\n      updatedAt\n    }\n  }\n": typeof types.WebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {\n    updateWebhookEndpoint(id: $id, url: $url, events: $events, description: $description, enabled: $enabled) {\n      id\n      url\n      description\n      events\n      enabled\n    }\n  }\n": typeof types.UpdateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $first: Int!, $after: ID) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      id\n      endpointId\n      eventId\n      eventType\n      status\n      attemptCount\n      nextAttemptAt\n      deliveredAt\n      createdAt\n      attempts {\n        at\n        statusCode\n        latencyMs\n        error\n      }\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      id\n      status\n      attemptCount\n      nextAttemptAt\n    }\n  }\n": typeof types.RetryWebhookDeliveryDocument,
};
const documents: Documents = {
    "\n  mutation AddFromMedia($cartId: ID, $items: [CartItemInput!]!) {\n    addCartItems(cartId: $cartId, items: $items) {\n      id\n      stores { cartLines { id quantity mediaId placementId variant { variantId } } }\n    }\n  }\n": types.AddFromMediaDocument,
    "\n  mutation SubmitAttributed($cartId: ID!) {\n    submitCart(cartId: $cartId) { orders { id lines { id variantId quantity mediaId placementId } } }\n  }\n": types.SubmitAttributedDocument,
    "\n  query MediaPerformance($mediaId: ID!, $from: DateTime, $to: DateTime) {\n    mediaPerformance(mediaId: $mediaId, from: $from, to: $to) {\n      mediaId from to carts unitsAdded orders unitsSold\n      revenue { value displayValue currency minorUnits }\n      byStore { storeId store carts unitsAdded orders unitsSold revenue { currency minorUnits } }\n    }\n  }\n": types.MediaPerformanceDocument,
    "\n  fragment ExpectedTotalMoney on Money { value displayValue currency minorUnits }\n": types.ExpectedTotalMoneyFragmentDoc,
    "\n  query ShownCart($id: ID!) {\n    cart(id: $id) {\n      cost {\n        isEstimated\n        subtotal { ...ExpectedTotalMoney }\n        tax { ...ExpectedTotalMoney }\n        shipping { ...ExpectedTotalMoney }\n        discount { ...ExpectedTotalMoney }\n        total { ...ExpectedTotalMoney }\n      }\n      warnings { code message store variantId discountCode }\n    }\n  }\n": types.ShownCartDocument,
    "\n  mutation SubmitExpecting($cartId: ID!, $expectedTotal: MoneyInput, $key: String) {\n    submitCart(cartId: $cartId, expectedTotal: $expectedTotal, idempotencyKey: $key) { status replayed orders { id } }\n  }\n": types.SubmitExpectingDocument,
    "\n  fragment TestCartFields on Cart {\n    id\n    cost {\n      isEstimated\n      subtotal { value displayValue currency minorUnits }\n      tax { value minorUnits }\n      shipping { value minorUnits }\n      total { value displayValue minorUnits }\n    }\n    buyerIdentity { firstName lastName address1 address2 city provinceCode countryCode postalCode email phone }\n    stores {\n      store\n      storeId\n      requestId\n      isSubmitted\n      cartLines {\n        quantity\n        variant { variantId title marketplace description isAvailable price { value minorUnits } }\n        product { productId title }\n      }\n      offer {\n        subtotal { minorUnits }\n        margin { minorUnits }\n        tax { minorUnits }\n        shipping { minorUnits }\n        notAvailableIds\n        shippingMethods { id code label price { minorUnits } taxes { minorUnits } total { minorUnits } }\n        selectedShippingMethod { id code taxes { minorUnits } }\n      }\n    }\n  }\n": types.TestCartFieldsFragmentDoc,
    "\n  mutation AddItems($cartId: ID, $items: [CartItemInput!]!) {\n    addCartItems(cartId: $cartId, items: $items) { ...TestCartFields }\n  }\n": types.AddItemsDocument,
    "\n  mutation UpdateItems($cartId: ID!, $items: [CartItemInput!]!, $addMissing: Boolean) {\n    updateCartItems(cartId: $cartId, items: $items, addMissing: $addMissing) { id stores { cartLines { quantity variant { variantId } } } }\n  }\n": types.UpdateItemsDocument,
    "\n  mutation RemoveItems($cartId: ID!, $variantIds: [ID!]!) {\n    removeCartItems(cartId: $cartId, variantIds: $variantIds) { id stores { store cartLines { variant { variantId } } } }\n  }\n": types.RemoveItemsDocument,
    "\n  mutation Identify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {\n    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { ...TestCartFields }\n  }\n": types.IdentifyDocument,
    "\n  mutation ChooseShipping($cartId: ID!, $store: String!, $method: String!) {\n    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) { ...TestCartFields }\n  }\n": types.ChooseShippingDocument,
    "\n  mutation Submit($cartId: ID!, $key: String) {\n    submitCart(cartId: $cartId, idempotencyKey: $key) {\n      status\n      replayed\n      orders { id cartId storeId status events { id createdAt type } requiredActions { action description } }\n      cart { id stores { store requestId isSubmitted cartLines { quantity } } }\n    }\n  }\n": types.SubmitDocument,
    "\n  mutation UpdateOrder($orderId: ID!, $status: OrderStatus!, $actions: [RequiredActionInput!]) {\n    updateOrderStatus(orderId: $orderId, status: $status, requiredActions: $actions) { id status events { type } requiredActions { action description } }\n  }\n": types.UpdateOrderDocument,
    "\n  query ReadCart($id: ID!) {\n    cart(id: $id) { ...TestCartFields }\n    cartStatus(id: $id) { status orders { id status } cart { id stores { cartLines { quantity } } } }\n  }\n": types.ReadCartDocument,
    "\n      query PlacementsLook { image(id: \"1\") { id placements { id x y startMs endMs product { id title } } } video(id: \"2\") { id placements { id x y startMs endMs product { id title } } } }\n    ": types.PlacementsLookDocument,
    "\n  query BudgetImage($id: ID!) {\n    image(id: $id) {\n      id slug url\n      products { id title brand priceMoney { displayValue minorUnits } variants { name values } skus { skuId name qtyAvailable inStock salePrice } similarProducts { priceTier product { id title skus { skuId } } } }\n      placements { id x y product { id title } }\n    }\n  }\n": types.BudgetImageDocument,
    "\n  query BudgetProduct($id: ID!) {\n    product(id: $id) { id title skus { skuId qtyAvailable } similarProducts { priceTier product { id title } } media(first: 5) { nodes { id slug } } }\n  }\n": types.BudgetProductDocument,
    "\n  query BudgetProducts($first: Int!) {\n    products(brand: \"Acme\", first: $first) { nodes { id title skus { skuId qtyAvailable } } pageInfo { hasNextPage } }\n  }\n": types.BudgetProductsDocument,
    "\n  fragment FlowAmount on Money { value currency displayValue }\n": types.FlowAmountFragmentDoc,
    "\n  fragment FlowProduct on Product {\n    id\n    title\n    price\n    currency\n    similarProducts { priceTier product { id title price } }\n  }\n": types.FlowProductFragmentDoc,
    "\n  \n  query FlowLookBySlug($slug: String!) { image(slug: $slug) { id slug products { ...FlowProduct } } }\n": types.FlowLookBySlugDocument,
    "\n  \n  query FlowProductPage($id: ID!) { product(id: $id) { ...FlowProduct skus { skuId salePrice retailPrice } } }\n": types.FlowProductPageDocument,
    "\n  \n  fragment FlowCart on Cart {\n    id\n    cost { id isEstimated subtotal { ...FlowAmount } tax { ...FlowAmount } shipping { ...FlowAmount } total { ...FlowAmount } }\n    buyerIdentity { id firstName lastName address1 city provinceCode countryCode postalCode email }\n    stores {\n      id\n      store\n      storeId\n      isSubmitted\n      cartLines { id quantity variant { variantId title isAvailable price { ...FlowAmount } } product { productId title } }\n      offer {\n        id\n        subtotal { ...FlowAmount }\n        tax { ...FlowAmount }\n        shipping { ...FlowAmount }\n        shippingMethods { id code label price { ...FlowAmount } taxes { ...FlowAmount } total { ...FlowAmount } }\n        selectedShippingMethod { id code label price { ...FlowAmount } }\n      }\n    }\n  }\n": types.FlowCartFragmentDoc,
    "\n  \n  query FlowReadCart($id: ID!) { cart(id: $id) { ...FlowCart } }\n": types.FlowReadCartDocument,
    "\n  query FlowCartStatus($id: ID!) { cartStatus(id: $id) { status orders { id storeId status events { id type } } cart { id stores { id isSubmitted } } } }\n": types.FlowCartStatusDocument,
    "\n  \n  mutation FlowAddItems($items: [CartItemInput!]!) { addCartItems(cartId: null, items: $items) { ...FlowCart } }\n": types.FlowAddItemsDocument,
    "\n  \n  mutation FlowIdentify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {\n    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { id buyerIdentity { id firstName countryCode } cost { id isEstimated total { ...FlowAmount } } }\n  }\n": types.FlowIdentifyDocument,
    "\n  \n  mutation FlowChooseShipping($cartId: ID!, $store: String!, $method: String!) {\n    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) {\n      id\n      cost { id total { ...FlowAmount } }\n      stores { id offer { id shipping { ...FlowAmount } selectedShippingMethod { id code price { ...FlowAmount } } } }\n    }\n  }\n": types.FlowChooseShippingDocument,
    "\n  mutation FlowSubmit($cartId: ID!) { submitCart(cartId: $cartId) { status orders { id storeId status } cart { id stores { id isSubmitted } } } }\n": types.FlowSubmitDocument,
    "\n  query ImageById($id: ID!) {\n    image(id: $id) {\n      id\n      kind\n      slug\n      fileName\n      platform\n      products {\n        id\n        externalId\n        title\n        description\n        brand\n        url\n        price\n        currency\n        category\n        isAvailable\n        images\n        nativeCheckout\n        variants { name visual values }\n        skus {\n          skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency\n          status type taxable taxType dateCreated dateLastModified\n          variantValues { variant value }\n          skuDimensions { weight type }\n        }\n      }\n    }\n  }\n": types.ImageByIdDocument,
    "\n  query MediaBySlug($slug: String!) {\n    image(slug: $slug) { id kind products { id } }\n    video(slug: \"clip-two\") { id kind platform products { id } }\n  }\n": types.MediaBySlugDocument,
    "\n  query VideoComparables($id: ID!, $limit: Int) {\n    video(id: $id) {\n      id\n      products {\n        id\n        similarProducts(limit: $limit) { priceTier product { id title price isAvailable skus { skuId } } }\n      }\n    }\n  }\n": types.VideoComparablesDocument,
    "\n  query ProductPrices($id: ID!) {\n    product(id: $id) {\n      price\n      priceMoney { value minorUnits currency displayValue }\n      skus { salePrice priceMoney { value minorUnits currency displayValue } }\n    }\n  }\n": types.ProductPricesDocument,
    "\n  query ProductById($id: ID!) {\n    product(id: $id) { id title price currency similarProducts { priceTier product { id } } skus { skuId salePrice retailPrice } }\n  }\n": types.ProductByIdDocument,
    "\n  query ProductPage($first: Int, $after: String, $category: String, $brand: String) {\n    products(first: $first, after: $after, category: $category, brand: $brand) {\n      edges { cursor node { id } }\n      nodes { id title }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.ProductPageDocument,
    "\n  query ImageAndVideo($id: ID, $slug: String) {\n    image(id: $id, slug: $slug) { id }\n  }\n": types.ImageAndVideoDocument,
    "\n  subscription CartUpdated($cartId: ID!) {\n    cartUpdated(cartId: $cartId) {\n      id\n      stores {\n        store\n        isSubmitted\n        cartLines {\n          quantity\n          variant {\n            variantId\n          }\n        }\n      }\n      cost {\n        total {\n          minorUnits\n        }\n      }\n    }\n  }\n": types.CartUpdatedDocument,
    "\n  subscription OrderUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      status\n      requiredActions {\n        action\n      }\n    }\n  }\n": types.OrderUpdatedDocument,
    "\n  mutation SubmitNumbered($cartId: ID!) {\n    submitCart(cartId: $cartId) {\n      orders { id orderNumber storeId storeName }\n      cart { stores { store storeName } }\n    }\n  }\n": types.SubmitNumberedDocument,
    "\n  query NumberedOrder($id: ID!) {\n    order(id: $id) { orderNumber storeName }\n  }\n": types.NumberedOrderDocument,
    "\n  query CartStoreNames($id: ID!) {\n    cartStatus(id: $id) {\n      orders { orderNumber storeName }\n      cart { stores { store storeName } }\n    }\n  }\n": types.CartStoreNamesDocument,
    "\n  mutation RecordPlayerEvents($events: [PlayerEventInput!]!) {\n    recordPlayerEvents(events: $events)\n  }\n": types.RecordPlayerEventsDocument,
    "\n  mutation RecordEvents($events: [PlayerEventInput!]!) {\n    recordPlayerEvents(events: $events)\n  }\n": types.RecordEventsDocument,
    "\n  query Funnel($mediaId: ID!, $from: DateTime) {\n    mediaPerformance(mediaId: $mediaId, from: $from) {\n      carts\n      orders\n      impressions\n      plays\n      hotspotOpens\n      engagementRate\n      addToCartRate\n      conversionRate\n      byPlacement {\n        placementId\n        productId\n        hotspotOpens\n        carts\n        unitsAdded\n        orders\n        unitsSold\n        revenue {\n          minorUnits\n          currency\n        }\n      }\n      series(interval: HOUR) {\n        at\n        impressions\n        plays\n        hotspotOpens\n        carts\n        orders\n        revenue {\n          minorUnits\n        }\n      }\n    }\n  }\n": types.FunnelDocument,
    "\n  query MediaAnalytics($sort: MediaRankingSort, $first: Int, $after: String) {\n    mediaAnalytics(sort: $sort, first: $first, after: $after) {\n      sort\n      nodes {\n        mediaId\n        kind\n        slug\n        deleted\n        impressions\n        hotspotOpens\n        carts\n        orders\n        revenue {\n          minorUnits\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.MediaAnalyticsDocument,
    "\n  query Search($query: String, $filter: ProductSearchFilter, $sort: ProductSearchSort, $first: Int, $after: String) {\n    searchProducts(query: $query, filter: $filter, sort: $sort, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          title\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n      facets {\n        brands {\n          value\n          count\n        }\n        categories {\n          value\n          count\n        }\n        price {\n          min\n          max\n          currency\n        }\n      }\n    }\n  }\n": types.SearchDocument,
    "\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!], $description: String) {\n    createWebhookEndpoint(url: $url, events: $events, description: $description) {\n      secret\n      endpoint {\n        id\n        url\n        description\n        events\n        enabled\n        failingSince\n      }\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      id\n      url\n    }\n  }\n": types.WebhookEndpointsDocument,
    "\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      description\n      events\n      enabled\n      failingSince\n      createdAt\n      updatedAt\n    }\n  }\n": types.WebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {\n    updateWebhookEndpoint(id: $id, url: $url, events: $events, description: $description, enabled: $enabled) {\n      id\n      url\n      description\n      events\n      enabled\n    }\n  }\n": types.UpdateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $first: Int!, $after: ID) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      id\n      endpointId\n      eventId\n      eventType\n      status\n      attemptCount\n      nextAttemptAt\n      deliveredAt\n      createdAt\n      attempts {\n        at\n        statusCode\n        latencyMs\n        error\n      }\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      id\n      status\n      attemptCount\n      nextAttemptAt\n    }\n  }\n": types.RetryWebhookDeliveryDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddFromMedia($cartId: ID, $items: [CartItemInput!]!) {\n    addCartItems(cartId: $cartId, items: $items) {\n      id\n      stores { cartLines { id quantity mediaId placementId variant { variantId } } }\n    }\n  }\n"): (typeof documents)["\n  mutation AddFromMedia($cartId: ID, $items: [CartItemInput!]!) {\n    addCartItems(cartId: $cartId, items: $items) {\n      id\n      stores { cartLines { id quantity mediaId placementId variant { variantId } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitAttributed($cartId: ID!) {\n    submitCart(cartId: $cartId) { orders { id lines { id variantId quantity mediaId placementId } } }\n  }\n"): (typeof documents)["\n  mutation SubmitAttributed($cartId: ID!) {\n    submitCart(cartId: $cartId) { orders { id lines { id variantId quantity mediaId placementId } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MediaPerformance($mediaId: ID!, $from: DateTime, $to: DateTime) {\n    mediaPerformance(mediaId: $mediaId, from: $from, to: $to) {\n      mediaId from to carts unitsAdded orders unitsSold\n      revenue { value displayValue currency minorUnits }\n      byStore { storeId store carts unitsAdded orders unitsSold revenue { currency minorUnits } }\n    }\n  }\n"): (typeof documents)["\n  query MediaPerformance($mediaId: ID!, $from: DateTime, $to: DateTime) {\n    mediaPerformance(mediaId: $mediaId, from: $from, to: $to) {\n      mediaId from to carts unitsAdded orders unitsSold\n      revenue { value displayValue currency minorUnits }\n      byStore { storeId store carts unitsAdded orders unitsSold revenue { currency minorUnits } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ExpectedTotalMoney on Money { value displayValue currency minorUnits }\n"): (typeof documents)["\n  fragment ExpectedTotalMoney on Money { value displayValue currency minorUnits }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShownCart($id: ID!) {\n    cart(id: $id) {\n      cost {\n        isEstimated\n        subtotal { ...ExpectedTotalMoney }\n        tax { ...ExpectedTotalMoney }\n        shipping { ...ExpectedTotalMoney }\n        discount { ...ExpectedTotalMoney }\n        total { ...ExpectedTotalMoney }\n      }\n      warnings { code message store variantId discountCode }\n    }\n  }\n"): (typeof documents)["\n  query ShownCart($id: ID!) {\n    cart(id: $id) {\n      cost {\n        isEstimated\n        subtotal { ...ExpectedTotalMoney }\n        tax { ...ExpectedTotalMoney }\n        shipping { ...ExpectedTotalMoney }\n        discount { ...ExpectedTotalMoney }\n        total { ...ExpectedTotalMoney }\n      }\n      warnings { code message store variantId discountCode }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitExpecting($cartId: ID!, $expectedTotal: MoneyInput, $key: String) {\n    submitCart(cartId: $cartId, expectedTotal: $expectedTotal, idempotencyKey: $key) { status replayed orders { id } }\n  }\n"): (typeof documents)["\n  mutation SubmitExpecting($cartId: ID!, $expectedTotal: MoneyInput, $key: String) {\n    submitCart(cartId: $cartId, expectedTotal: $expectedTotal, idempotencyKey: $key) { status replayed orders { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TestCartFields on Cart {\n    id\n    cost {\n      isEstimated\n      subtotal { value displayValue currency minorUnits }\n      tax { value minorUnits }\n      shipping { value minorUnits }\n      total { value displayValue minorUnits }\n    }\n    buyerIdentity { firstName lastName address1 address2 city provinceCode countryCode postalCode email phone }\n    stores {\n      store\n      storeId\n      requestId\n      isSubmitted\n      cartLines {\n        quantity\n        variant { variantId title marketplace description isAvailable price { value minorUnits } }\n        product { productId title }\n      }\n      offer {\n        subtotal { minorUnits }\n        margin { minorUnits }\n        tax { minorUnits }\n        shipping { minorUnits }\n        notAvailableIds\n        shippingMethods { id code label price { minorUnits } taxes { minorUnits } total { minorUnits } }\n        selectedShippingMethod { id code taxes { minorUnits } }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment TestCartFields on Cart {\n    id\n    cost {\n      isEstimated\n      subtotal { value displayValue currency minorUnits }\n      tax { value minorUnits }\n      shipping { value minorUnits }\n      total { value displayValue minorUnits }\n    }\n    buyerIdentity { firstName lastName address1 address2 city provinceCode countryCode postalCode email phone }\n    stores {\n      store\n      storeId\n      requestId\n      isSubmitted\n      cartLines {\n        quantity\n        variant { variantId title marketplace description isAvailable price { value minorUnits } }\n        product { productId title }\n      }\n      offer {\n        subtotal { minorUnits }\n        margin { minorUnits }\n        tax { minorUnits }\n        shipping { minorUnits }\n        notAvailableIds\n        shippingMethods { id code label price { minorUnits } taxes { minorUnits } total { minorUnits } }\n        selectedShippingMethod { id code taxes { minorUnits } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddItems($cartId: ID, $items: [CartItemInput!]!) {\n    addCartItems(cartId: $cartId, items: $items) { ...TestCartFields }\n  }\n"): (typeof documents)["\n  mutation AddItems($cartId: ID, $items: [CartItemInput!]!) {\n    addCartItems(cartId: $cartId, items: $items) { ...TestCartFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateItems($cartId: ID!, $items: [CartItemInput!]!, $addMissing: Boolean) {\n    updateCartItems(cartId: $cartId, items: $items, addMissing: $addMissing) { id stores { cartLines { quantity variant { variantId } } } }\n  }\n"): (typeof documents)["\n  mutation UpdateItems($cartId: ID!, $items: [CartItemInput!]!, $addMissing: Boolean) {\n    updateCartItems(cartId: $cartId, items: $items, addMissing: $addMissing) { id stores { cartLines { quantity variant { variantId } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveItems($cartId: ID!, $variantIds: [ID!]!) {\n    removeCartItems(cartId: $cartId, variantIds: $variantIds) { id stores { store cartLines { variant { variantId } } } }\n  }\n"): (typeof documents)["\n  mutation RemoveItems($cartId: ID!, $variantIds: [ID!]!) {\n    removeCartItems(cartId: $cartId, variantIds: $variantIds) { id stores { store cartLines { variant { variantId } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Identify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {\n    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { ...TestCartFields }\n  }\n"): (typeof documents)["\n  mutation Identify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {\n    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { ...TestCartFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChooseShipping($cartId: ID!, $store: String!, $method: String!) {\n    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) { ...TestCartFields }\n  }\n"): (typeof documents)["\n  mutation ChooseShipping($cartId: ID!, $store: String!, $method: String!) {\n    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) { ...TestCartFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Submit($cartId: ID!, $key: String) {\n    submitCart(cartId: $cartId, idempotencyKey: $key) {\n      status\n      replayed\n      orders { id cartId storeId status events { id createdAt type } requiredActions { action description } }\n      cart { id stores { store requestId isSubmitted cartLines { quantity } } }\n    }\n  }\n"): (typeof documents)["\n  mutation Submit($cartId: ID!, $key: String) {\n    submitCart(cartId: $cartId, idempotencyKey: $key) {\n      status\n      replayed\n      orders { id cartId storeId status events { id createdAt type } requiredActions { action description } }\n      cart { id stores { store requestId isSubmitted cartLines { quantity } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrder($orderId: ID!, $status: OrderStatus!, $actions: [RequiredActionInput!]) {\n    updateOrderStatus(orderId: $orderId, status: $status, requiredActions: $actions) { id status events { type } requiredActions { action description } }\n  }\n"): (typeof documents)["\n  mutation UpdateOrder($orderId: ID!, $status: OrderStatus!, $actions: [RequiredActionInput!]) {\n    updateOrderStatus(orderId: $orderId, status: $status, requiredActions: $actions) { id status events { type } requiredActions { action description } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadCart($id: ID!) {\n    cart(id: $id) { ...TestCartFields }\n    cartStatus(id: $id) { status orders { id status } cart { id stores { cartLines { quantity } } } }\n  }\n"): (typeof documents)["\n  query ReadCart($id: ID!) {\n    cart(id: $id) { ...TestCartFields }\n    cartStatus(id: $id) { status orders { id status } cart { id stores { cartLines { quantity } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n      query PlacementsLook { image(id: \"1\") { id placements { id x y startMs endMs product { id title } } } video(id: \"2\") { id placements { id x y startMs endMs product { id title } } } }\n    "): (typeof documents)["\n      query PlacementsLook { image(id: \"1\") { id placements { id x y startMs endMs product { id title } } } video(id: \"2\") { id placements { id x y startMs endMs product { id title } } } }\n    "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BudgetImage($id: ID!) {\n    image(id: $id) {\n      id slug url\n      products { id title brand priceMoney { displayValue minorUnits } variants { name values } skus { skuId name qtyAvailable inStock salePrice } similarProducts { priceTier product { id title skus { skuId } } } }\n      placements { id x y product { id title } }\n    }\n  }\n"): (typeof documents)["\n  query BudgetImage($id: ID!) {\n    image(id: $id) {\n      id slug url\n      products { id title brand priceMoney { displayValue minorUnits } variants { name values } skus { skuId name qtyAvailable inStock salePrice } similarProducts { priceTier product { id title skus { skuId } } } }\n      placements { id x y product { id title } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BudgetProduct($id: ID!) {\n    product(id: $id) { id title skus { skuId qtyAvailable } similarProducts { priceTier product { id title } } media(first: 5) { nodes { id slug } } }\n  }\n"): (typeof documents)["\n  query BudgetProduct($id: ID!) {\n    product(id: $id) { id title skus { skuId qtyAvailable } similarProducts { priceTier product { id title } } media(first: 5) { nodes { id slug } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BudgetProducts($first: Int!) {\n    products(brand: \"Acme\", first: $first) { nodes { id title skus { skuId qtyAvailable } } pageInfo { hasNextPage } }\n  }\n"): (typeof documents)["\n  query BudgetProducts($first: Int!) {\n    products(brand: \"Acme\", first: $first) { nodes { id title skus { skuId qtyAvailable } } pageInfo { hasNextPage } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FlowAmount on Money { value currency displayValue }\n"): (typeof documents)["\n  fragment FlowAmount on Money { value currency displayValue }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FlowProduct on Product {\n    id\n    title\n    price\n    currency\n    similarProducts { priceTier product { id title price } }\n  }\n"): (typeof documents)["\n  fragment FlowProduct on Product {\n    id\n    title\n    price\n    currency\n    similarProducts { priceTier product { id title price } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  \n  query FlowLookBySlug($slug: String!) { image(slug: $slug) { id slug products { ...FlowProduct } } }\n"): (typeof documents)["\n  \n  query FlowLookBySlug($slug: String!) { image(slug: $slug) { id slug products { ...FlowProduct } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  \n  query FlowProductPage($id: ID!) { product(id: $id) { ...FlowProduct skus { skuId salePrice retailPrice } } }\n"): (typeof documents)["\n  \n  query FlowProductPage($id: ID!) { product(id: $id) { ...FlowProduct skus { skuId salePrice retailPrice } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  \n  fragment FlowCart on Cart {\n    id\n    cost { id isEstimated subtotal { ...FlowAmount } tax { ...FlowAmount } shipping { ...FlowAmount } total { ...FlowAmount } }\n    buyerIdentity { id firstName lastName address1 city provinceCode countryCode postalCode email }\n    stores {\n      id\n      store\n      storeId\n      isSubmitted\n      cartLines { id quantity variant { variantId title isAvailable price { ...FlowAmount } } product { productId title } }\n      offer {\n        id\n        subtotal { ...FlowAmount }\n        tax { ...FlowAmount }\n        shipping { ...FlowAmount }\n        shippingMethods { id code label price { ...FlowAmount } taxes { ...FlowAmount } total { ...FlowAmount } }\n        selectedShippingMethod { id code label price { ...FlowAmount } }\n      }\n    }\n  }\n"): (typeof documents)["\n  \n  fragment FlowCart on Cart {\n    id\n    cost { id isEstimated subtotal { ...FlowAmount } tax { ...FlowAmount } shipping { ...FlowAmount } total { ...FlowAmount } }\n    buyerIdentity { id firstName lastName address1 city provinceCode countryCode postalCode email }\n    stores {\n      id\n      store\n      storeId\n      isSubmitted\n      cartLines { id quantity variant { variantId title isAvailable price { ...FlowAmount } } product { productId title } }\n      offer {\n        id\n        subtotal { ...FlowAmount }\n        tax { ...FlowAmount }\n        shipping { ...FlowAmount }\n        shippingMethods { id code label price { ...FlowAmount } taxes { ...FlowAmount } total { ...FlowAmount } }\n        selectedShippingMethod { id code label price { ...FlowAmount } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  \n  query FlowReadCart($id: ID!) { cart(id: $id) { ...FlowCart } }\n"): (typeof documents)["\n  \n  query FlowReadCart($id: ID!) { cart(id: $id) { ...FlowCart } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FlowCartStatus($id: ID!) { cartStatus(id: $id) { status orders { id storeId status events { id type } } cart { id stores { id isSubmitted } } } }\n"): (typeof documents)["\n  query FlowCartStatus($id: ID!) { cartStatus(id: $id) { status orders { id storeId status events { id type } } cart { id stores { id isSubmitted } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  \n  mutation FlowAddItems($items: [CartItemInput!]!) { addCartItems(cartId: null, items: $items) { ...FlowCart } }\n"): (typeof documents)["\n  \n  mutation FlowAddItems($items: [CartItemInput!]!) { addCartItems(cartId: null, items: $items) { ...FlowCart } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  \n  mutation FlowIdentify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {\n    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { id buyerIdentity { id firstName countryCode } cost { id isEstimated total { ...FlowAmount } } }\n  }\n"): (typeof documents)["\n  \n  mutation FlowIdentify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {\n    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { id buyerIdentity { id firstName countryCode } cost { id isEstimated total { ...FlowAmount } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  \n  mutation FlowChooseShipping($cartId: ID!, $store: String!, $method: String!) {\n    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) {\n      id\n      cost { id total { ...FlowAmount } }\n      stores { id offer { id shipping { ...FlowAmount } selectedShippingMethod { id code price { ...FlowAmount } } } }\n    }\n  }\n"): (typeof documents)["\n  \n  mutation FlowChooseShipping($cartId: ID!, $store: String!, $method: String!) {\n    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) {\n      id\n      cost { id total { ...FlowAmount } }\n      stores { id offer { id shipping { ...FlowAmount } selectedShippingMethod { id code price { ...FlowAmount } } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FlowSubmit($cartId: ID!) { submitCart(cartId: $cartId) { status orders { id storeId status } cart { id stores { id isSubmitted } } } }\n"): (typeof documents)["\n  mutation FlowSubmit($cartId: ID!) { submitCart(cartId: $cartId) { status orders { id storeId status } cart { id stores { id isSubmitted } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImageById($id: ID!) {\n    image(id: $id) {\n      id\n      kind\n      slug\n      fileName\n      platform\n      products {\n        id\n        externalId\n        title\n        description\n        brand\n        url\n        price\n        currency\n        category\n        isAvailable\n        images\n        nativeCheckout\n        variants { name visual values }\n        skus {\n          skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency\n          status type taxable taxType dateCreated dateLastModified\n          variantValues { variant value }\n          skuDimensions { weight type }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ImageById($id: ID!) {\n    image(id: $id) {\n      id\n      kind\n      slug\n      fileName\n      platform\n      products {\n        id\n        externalId\n        title\n        description\n        brand\n        url\n        price\n        currency\n        category\n        isAvailable\n        images\n        nativeCheckout\n        variants { name visual values }\n        skus {\n          skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency\n          status type taxable taxType dateCreated dateLastModified\n          variantValues { variant value }\n          skuDimensions { weight type }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MediaBySlug($slug: String!) {\n    image(slug: $slug) { id kind products { id } }\n    video(slug: \"clip-two\") { id kind platform products { id } }\n  }\n"): (typeof documents)["\n  query MediaBySlug($slug: String!) {\n    image(slug: $slug) { id kind products { id } }\n    video(slug: \"clip-two\") { id kind platform products { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VideoComparables($id: ID!, $limit: Int) {\n    video(id: $id) {\n      id\n      products {\n        id\n        similarProducts(limit: $limit) { priceTier product { id title price isAvailable skus { skuId } } }\n      }\n    }\n  }\n"): (typeof documents)["\n  query VideoComparables($id: ID!, $limit: Int) {\n    video(id: $id) {\n      id\n      products {\n        id\n        similarProducts(limit: $limit) { priceTier product { id title price isAvailable skus { skuId } } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductPrices($id: ID!) {\n    product(id: $id) {\n      price\n      priceMoney { value minorUnits currency displayValue }\n      skus { salePrice priceMoney { value minorUnits currency displayValue } }\n    }\n  }\n"): (typeof documents)["\n  query ProductPrices($id: ID!) {\n    product(id: $id) {\n      price\n      priceMoney { value minorUnits currency displayValue }\n      skus { salePrice priceMoney { value minorUnits currency displayValue } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductById($id: ID!) {\n    product(id: $id) { id title price currency similarProducts { priceTier product { id } } skus { skuId salePrice retailPrice } }\n  }\n"): (typeof documents)["\n  query ProductById($id: ID!) {\n    product(id: $id) { id title price currency similarProducts { priceTier product { id } } skus { skuId salePrice retailPrice } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductPage($first: Int, $after: String, $category: String, $brand: String) {\n    products(first: $first, after: $after, category: $category, brand: $brand) {\n      edges { cursor node { id } }\n      nodes { id title }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query ProductPage($first: Int, $after: String, $category: String, $brand: String) {\n    products(first: $first, after: $after, category: $category, brand: $brand) {\n      edges { cursor node { id } }\n      nodes { id title }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImageAndVideo($id: ID, $slug: String) {\n    image(id: $id, slug: $slug) { id }\n  }\n"): (typeof documents)["\n  query ImageAndVideo($id: ID, $slug: String) {\n    image(id: $id, slug: $slug) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CartUpdated($cartId: ID!) {\n    cartUpdated(cartId: $cartId) {\n      id\n      stores {\n        store\n        isSubmitted\n        cartLines {\n          quantity\n          variant {\n            variantId\n          }\n        }\n      }\n      cost {\n        total {\n          minorUnits\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription CartUpdated($cartId: ID!) {\n    cartUpdated(cartId: $cartId) {\n      id\n      stores {\n        store\n        isSubmitted\n        cartLines {\n          quantity\n          variant {\n            variantId\n          }\n        }\n      }\n      cost {\n        total {\n          minorUnits\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription OrderUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      status\n      requiredActions {\n        action\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription OrderUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      status\n      requiredActions {\n        action\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitNumbered($cartId: ID!) {\n    submitCart(cartId: $cartId) {\n      orders { id orderNumber storeId storeName }\n      cart { stores { store storeName } }\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitNumbered($cartId: ID!) {\n    submitCart(cartId: $cartId) {\n      orders { id orderNumber storeId storeName }\n      cart { stores { store storeName } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NumberedOrder($id: ID!) {\n    order(id: $id) { orderNumber storeName }\n  }\n"): (typeof documents)["\n  query NumberedOrder($id: ID!) {\n    order(id: $id) { orderNumber storeName }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CartStoreNames($id: ID!) {\n    cartStatus(id: $id) {\n      orders { orderNumber storeName }\n      cart { stores { store storeName } }\n    }\n  }\n"): (typeof documents)["\n  query CartStoreNames($id: ID!) {\n    cartStatus(id: $id) {\n      orders { orderNumber storeName }\n      cart { stores { store storeName } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordPlayerEvents($events: [PlayerEventInput!]!) {\n    recordPlayerEvents(events: $events)\n  }\n"): (typeof documents)["\n  mutation RecordPlayerEvents($events: [PlayerEventInput!]!) {\n    recordPlayerEvents(events: $events)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordEvents($events: [PlayerEventInput!]!) {\n    recordPlayerEvents(events: $events)\n  }\n"): (typeof documents)["\n  mutation RecordEvents($events: [PlayerEventInput!]!) {\n    recordPlayerEvents(events: $events)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Funnel($mediaId: ID!, $from: DateTime) {\n    mediaPerformance(mediaId: $mediaId, from: $from) {\n      carts\n      orders\n      impressions\n      plays\n      hotspotOpens\n      engagementRate\n      addToCartRate\n      conversionRate\n      byPlacement {\n        placementId\n        productId\n        hotspotOpens\n        carts\n        unitsAdded\n        orders\n        unitsSold\n        revenue {\n          minorUnits\n          currency\n        }\n      }\n      series(interval: HOUR) {\n        at\n        impressions\n        plays\n        hotspotOpens\n        carts\n        orders\n        revenue {\n          minorUnits\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Funnel($mediaId: ID!, $from: DateTime) {\n    mediaPerformance(mediaId: $mediaId, from: $from) {\n      carts\n      orders\n      impressions\n      plays\n      hotspotOpens\n      engagementRate\n      addToCartRate\n      conversionRate\n      byPlacement {\n        placementId\n        productId\n        hotspotOpens\n        carts\n        unitsAdded\n        orders\n        unitsSold\n        revenue {\n          minorUnits\n          currency\n        }\n      }\n      series(interval: HOUR) {\n        at\n        impressions\n        plays\n        hotspotOpens\n        carts\n        orders\n        revenue {\n          minorUnits\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MediaAnalytics($sort: MediaRankingSort, $first: Int, $after: String) {\n    mediaAnalytics(sort: $sort, first: $first, after: $after) {\n      sort\n      nodes {\n        mediaId\n        kind\n        slug\n        deleted\n        impressions\n        hotspotOpens\n        carts\n        orders\n        revenue {\n          minorUnits\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query MediaAnalytics($sort: MediaRankingSort, $first: Int, $after: String) {\n    mediaAnalytics(sort: $sort, first: $first, after: $after) {\n      sort\n      nodes {\n        mediaId\n        kind\n        slug\n        deleted\n        impressions\n        hotspotOpens\n        carts\n        orders\n        revenue {\n          minorUnits\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Search($query: String, $filter: ProductSearchFilter, $sort: ProductSearchSort, $first: Int, $after: String) {\n    searchProducts(query: $query, filter: $filter, sort: $sort, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          title\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n      facets {\n        brands {\n          value\n          count\n        }\n        categories {\n          value\n          count\n        }\n        price {\n          min\n          max\n          currency\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Search($query: String, $filter: ProductSearchFilter, $sort: ProductSearchSort, $first: Int, $after: String) {\n    searchProducts(query: $query, filter: $filter, sort: $sort, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          title\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n      facets {\n        brands {\n          value\n          count\n        }\n        categories {\n          value\n          count\n        }\n        price {\n          min\n          max\n          currency\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!], $description: String) {\n    createWebhookEndpoint(url: $url, events: $events, description: $description) {\n      secret\n      endpoint {\n        id\n        url\n        description\n        events\n        enabled\n        failingSince\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!], $description: String) {\n    createWebhookEndpoint(url: $url, events: $events, description: $description) {\n      secret\n      endpoint {\n        id\n        url\n        description\n        events\n        enabled\n        failingSince\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      id\n      url\n    }\n  }\n"): (typeof documents)["\n  query WebhookEndpoints {\n    webhookEndpoints {\n      id\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      description\n      events\n      enabled\n      failingSince\n      createdAt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      description\n      events\n      enabled\n      failingSince\n      createdAt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookEndpoint($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {\n    updateWebhookEndpoint(id: $id, url: $url, events: $events, description: $description, enabled: $enabled) {\n      id\n      url\n      description\n      events\n      enabled\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhookEndpoint($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {\n    updateWebhookEndpoint(id: $id, url: $url, events: $events, description: $description, enabled: $enabled) {\n      id\n      url\n      description\n      events\n      enabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($endpointId: ID!, $first: Int!, $after: ID) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      id\n      endpointId\n      eventId\n      eventType\n      status\n      attemptCount\n      nextAttemptAt\n      deliveredAt\n      createdAt\n      attempts {\n        at\n        statusCode\n        latencyMs\n        error\n      }\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($endpointId: ID!, $first: Int!, $after: ID) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      id\n      endpointId\n      eventId\n      eventType\n      status\n      attemptCount\n      nextAttemptAt\n      deliveredAt\n      createdAt\n      attempts {\n        at\n        statusCode\n        latencyMs\n        error\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      id\n      status\n      attemptCount\n      nextAttemptAt\n    }\n  }\n"): (typeof documents)["\n  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      id\n      status\n      attemptCount\n      nextAttemptAt\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;