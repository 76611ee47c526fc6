// The catalog's field tables (src/catalog/catalog.fields.ts) and the GraphQL types, whose fields
// come from them (catalog.type.ts declares each field a table shows on GraphQL, but lists and
// enums, which it declares itself): each is a field of its type, of the scalar its kind gives,
// nullable exactly when the table's value may be null, with the table's description; and the types
// show nothing else but their relations and the values made from their fields.
import { buildSchema, getNamedType, isNonNullType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { mediaTable, productTable, skuTable, type Field } from '../../src/catalog/catalog.fields.js';
import { printGatewaySchema } from '../../src/schema.js';

const schema = buildSchema(printGatewaySchema());

/** What the type shows beyond its table, resolved apart: relations, and values made from its fields (priceMoney). */
const relations: Record<string, string[]> = {
  Product: ['skus', 'similarProducts', 'media', 'priceMoney'],
  Sku: ['priceMoney'],
  Media: ['products', 'placements'],
};

/** The GraphQL type each field of kind `own` has (declared by its class: lists and enums). */
const own: Record<string, string> = {
  'Product.images': '[String!]!',
  'Product.variants': '[VariantOption!]!',
  'Sku.variantValues': '[VariantValue!]!',
  'Sku.skuDimensions': '[SkuDimension!]!',
  'Media.kind': 'MediaKind!',
};

interface Shown {
  type: string;
  description: string | undefined;
}

function fieldsOf(typeName: string): Record<string, Shown> {
  const type = schema.getType(typeName) as GraphQLObjectType;
  return Object.fromEntries(
    Object.values(type.getFields())
      .filter((field) => !relations[typeName]!.includes(field.name))
      .map((field) => [field.name, { type: String(field.type), description: field.description ?? undefined }]),
  );
}

/** What the table says each of its GraphQL fields is. */
function tableFields(typeName: string, fields: readonly Field[]): Record<string, Shown> {
  return Object.fromEntries(
    fields.flatMap(({ key, graphql, nullable }) => {
      if (graphql === null) return [];
      const type = graphql.type === 'own' ? own[`${typeName}.${key}`] : `${graphql.type}${nullable ? '' : '!'}`;
      return [
        [key, { type: type ?? `(no type listed here for ${typeName}.${key})`, description: graphql.description }],
      ];
    }),
  );
}

describe('the catalog field tables and the GraphQL types', () => {
  it.each([
    ['Product', productTable.fields],
    ['Sku', skuTable.fields],
    ['Media', mediaTable.fields],
  ] as const)('%s has the fields of its table: their scalar, nullability and description', (typeName, fields) => {
    expect(fieldsOf(typeName)).toStrictEqual(tableFields(typeName, fields));
  });

  it('an own field is as nullable as its table says', () => {
    const tables = { Product: productTable, Sku: skuTable, Media: mediaTable };
    for (const name of Object.keys(own)) {
      const [typeName, key] = name.split('.') as [keyof typeof tables, string];
      const field = tables[typeName].fields.find((candidate) => candidate.key === key)!;
      const type = (schema.getType(typeName) as GraphQLObjectType).getFields()[key]!.type;
      expect(isNonNullType(type), name).toBe(!field.nullable);
    }
  });

  it('a relation named here is a field of its type', () => {
    for (const [typeName, names] of Object.entries(relations)) {
      const type = schema.getType(typeName) as GraphQLObjectType;
      for (const name of names) expect(getNamedType(type.getFields()[name]?.type), `${typeName}.${name}`).toBeDefined();
    }
  });
});
