// The catalog's field tables (src/catalog/catalog.fields.ts) and the GraphQL types, which are
// written by hand: every field of a table that GraphQL shows is a field of its type, nullable
// exactly when the table's value may be null, and the types show nothing else but their relations
// and the values made from their fields.
import { buildSchema, getNullableType, isNonNullType, type GraphQLObjectType } from 'graphql';
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

function fieldsOf(typeName: string): Record<string, 'nullable' | 'non-null'> {
  const type = schema.getType(typeName) as GraphQLObjectType;
  return Object.fromEntries(
    Object.values(type.getFields())
      .filter((field) => !relations[typeName]!.includes(field.name))
      .map((field) => [field.name, isNonNullType(field.type) ? 'non-null' : 'nullable']),
  );
}

function tableFields(fields: readonly Field[]): Record<string, 'nullable' | 'non-null'> {
  return Object.fromEntries(
    fields.filter((field) => field.graphql).map((field) => [field.key, field.nullable ? 'nullable' : 'non-null']),
  );
}

describe('the catalog field tables and the GraphQL types', () => {
  it.each([
    ['Product', productTable.fields],
    ['Sku', skuTable.fields],
    ['Media', mediaTable.fields],
  ] as const)('%s has the fields of its table, with their nullability', (typeName, fields) => {
    expect(fieldsOf(typeName)).toStrictEqual(tableFields(fields));
  });

  it('a relation named here is a field of its type', () => {
    for (const [typeName, names] of Object.entries(relations)) {
      const type = schema.getType(typeName) as GraphQLObjectType;
      for (const name of names)
        expect(getNullableType(type.getFields()[name]?.type), `${typeName}.${name}`).toBeDefined();
    }
  });
});
