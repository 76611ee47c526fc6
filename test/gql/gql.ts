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
    "\n  query ImageComparables($id: ID!) {\n    image(id: $id) {\n      id\n      products { id title skus { skuId salePrice } similarProducts { id priceTier skus { skuId } } }\n    }\n  }\n": typeof types.ImageComparablesDocument,
    "\n  query ImageById($id: ID!) {\n    image(id: $id) {\n      id\n      kind\n      slug\n      fileName\n      platform\n      products {\n        id\n        externalId\n        title\n        description\n        brand\n        url\n        price\n        currency\n        category\n        isAvailable\n        images\n        nativeCheckout\n        variants { name visual values }\n        skus {\n          skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency\n          status type taxable taxType dateCreated dateLastModified\n          variantValues { variant value }\n          skuDimensions { weight type }\n        }\n      }\n    }\n  }\n": typeof types.ImageByIdDocument,
    "\n  query MediaBySlug($slug: String!) {\n    image(slug: $slug) { id kind products { id } }\n    video(slug: \"clip-two\") { id kind platform products { id } }\n  }\n": typeof types.MediaBySlugDocument,
    "\n  query VideoComparables($id: ID!, $limit: Int) {\n    video(id: $id) {\n      id\n      products {\n        id\n        similarProducts(limit: $limit) { id title price priceTier isAvailable skus { skuId } }\n      }\n    }\n  }\n": typeof types.VideoComparablesDocument,
    "\n  query ProductById($id: ID!) {\n    product(id: $id) { id title price currency similarProducts { id priceTier } skus { skuId salePrice retailPrice } }\n  }\n": typeof types.ProductByIdDocument,
    "\n  query ProductPage($first: Int, $after: String, $category: String, $brand: String) {\n    products(first: $first, after: $after, category: $category, brand: $brand) {\n      edges { cursor node { id } }\n      nodes { id title }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.ProductPageDocument,
    "\n  query ImageAndVideo($id: ID, $slug: String) {\n    image(id: $id, slug: $slug) { id }\n  }\n": typeof types.ImageAndVideoDocument,
};
const documents: Documents = {
    "\n  query ImageComparables($id: ID!) {\n    image(id: $id) {\n      id\n      products { id title skus { skuId salePrice } similarProducts { id priceTier skus { skuId } } }\n    }\n  }\n": types.ImageComparablesDocument,
    "\n  query ImageById($id: ID!) {\n    image(id: $id) {\n      id\n      kind\n      slug\n      fileName\n      platform\n      products {\n        id\n        externalId\n        title\n        description\n        brand\n        url\n        price\n        currency\n        category\n        isAvailable\n        images\n        nativeCheckout\n        variants { name visual values }\n        skus {\n          skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency\n          status type taxable taxType dateCreated dateLastModified\n          variantValues { variant value }\n          skuDimensions { weight type }\n        }\n      }\n    }\n  }\n": types.ImageByIdDocument,
    "\n  query MediaBySlug($slug: String!) {\n    image(slug: $slug) { id kind products { id } }\n    video(slug: \"clip-two\") { id kind platform products { id } }\n  }\n": types.MediaBySlugDocument,
    "\n  query VideoComparables($id: ID!, $limit: Int) {\n    video(id: $id) {\n      id\n      products {\n        id\n        similarProducts(limit: $limit) { id title price priceTier isAvailable skus { skuId } }\n      }\n    }\n  }\n": types.VideoComparablesDocument,
    "\n  query ProductById($id: ID!) {\n    product(id: $id) { id title price currency similarProducts { id priceTier } skus { skuId salePrice retailPrice } }\n  }\n": types.ProductByIdDocument,
    "\n  query ProductPage($first: Int, $after: String, $category: String, $brand: String) {\n    products(first: $first, after: $after, category: $category, brand: $brand) {\n      edges { cursor node { id } }\n      nodes { id title }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.ProductPageDocument,
    "\n  query ImageAndVideo($id: ID, $slug: String) {\n    image(id: $id, slug: $slug) { id }\n  }\n": types.ImageAndVideoDocument,
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
export function graphql(source: "\n  query ImageComparables($id: ID!) {\n    image(id: $id) {\n      id\n      products { id title skus { skuId salePrice } similarProducts { id priceTier skus { skuId } } }\n    }\n  }\n"): (typeof documents)["\n  query ImageComparables($id: ID!) {\n    image(id: $id) {\n      id\n      products { id title skus { skuId salePrice } similarProducts { id priceTier skus { skuId } } }\n    }\n  }\n"];
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
export function graphql(source: "\n  query VideoComparables($id: ID!, $limit: Int) {\n    video(id: $id) {\n      id\n      products {\n        id\n        similarProducts(limit: $limit) { id title price priceTier isAvailable skus { skuId } }\n      }\n    }\n  }\n"): (typeof documents)["\n  query VideoComparables($id: ID!, $limit: Int) {\n    video(id: $id) {\n      id\n      products {\n        id\n        similarProducts(limit: $limit) { id title price priceTier isAvailable skus { skuId } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductById($id: ID!) {\n    product(id: $id) { id title price currency similarProducts { id priceTier } skus { skuId salePrice retailPrice } }\n  }\n"): (typeof documents)["\n  query ProductById($id: ID!) {\n    product(id: $id) { id title price currency similarProducts { id priceTier } skus { skuId salePrice retailPrice } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductPage($first: Int, $after: String, $category: String, $brand: String) {\n    products(first: $first, after: $after, category: $category, brand: $brand) {\n      edges { cursor node { id } }\n      nodes { id title }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query ProductPage($first: Int, $after: String, $category: String, $brand: String) {\n    products(first: $first, after: $after, category: $category, brand: $brand) {\n      edges { cursor node { id } }\n      nodes { id title }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImageAndVideo($id: ID, $slug: String) {\n    image(id: $id, slug: $slug) { id }\n  }\n"): (typeof documents)["\n  query ImageAndVideo($id: ID, $slug: String) {\n    image(id: $id, slug: $slug) { id }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;