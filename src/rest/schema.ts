// TypeBox building blocks of every REST shape. Each shape is declared once, as a TypeBox schema:
// Fastify validates requests and serializes answers with it, handlers and views take their types
// from it (Static<…>), and @fastify/swagger turns it into the OpenAPI document (src/rest/openapi.ts).
//
// Shapes that several answers share are named (`Named`): they are registered once with Fastify
// (addSchema) and referenced (`Ref`), so the OpenAPI document lists them under
// components.schemas by name and generated clients get one type for each.
import { Type, type Static, type TObject, type TSchema, type TUnsafe } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

type Scalar = TSchema & { type: 'string' | 'number' | 'integer' | 'boolean' };

/** A string, number, integer or boolean that may be null: `type: [t, "null"]` (cheap to serialize). */
export function Nullable<T extends Scalar>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

export type NamedSchema<T extends TSchema = TSchema> = T & { $id: string };

const named = new Map<string, NamedSchema>();

/** A shared shape, listed by name in the OpenAPI document. Names are unique. */
export function Named<T extends TObject>(id: string, schema: T): NamedSchema<T> {
  if (named.has(id)) throw new Error(`Two REST schemas are named ${id}`);
  const withId = { ...schema, $id: id };
  named.set(id, withId);
  return withId;
}

/** A reference to a named shape, typed as the shape. */
export function Ref<T extends TSchema>(
  schema: NamedSchema<T>,
  options: { description?: string } = {},
): TUnsafe<Static<T>> {
  return Type.Unsafe<Static<T>>({ $ref: `${schema.$id}#`, ...options });
}

/** A reference to a named shape, or null. */
export function NullableRef<T extends TSchema>(
  schema: NamedSchema<T>,
  options: { description?: string } = {},
): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ anyOf: [{ $ref: `${schema.$id}#` }, { type: 'null' }], ...options });
}

/** Registers every named shape with an app, before its routes refer to them. */
export function registerNamedSchemas(app: FastifyInstance): void {
  for (const schema of named.values()) app.addSchema(schema);
}

/** An id an earlier answer gave (carts, orders, webhook endpoints): opaque text. */
export const IdParams = Type.Object({ id: Type.String({ description: 'The id an earlier answer gave.' }) });

/**
 * A numeric id (images, videos, products, discounts), documented as an integer or its digits so
 * that a generated client takes `{ id: 101 }` as well as `{ id: '101' }`. A path arrives as text,
 * so the text branch comes first and is the one that matches: validation never converts it, and
 * handlers see a string. What is not a positive integer is refused by the service (400 INVALID_ID).
 */
export const NumericIdParams = Type.Object({
  id: Type.Unsafe<string>({
    anyOf: [{ type: 'string' }, { type: 'integer', minimum: 1 }],
    description: 'A positive integer, or its digits as text.',
  }),
});

/** The header of every write that a client may retry safely (src/idempotency). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      description:
        'Up to 255 visible ASCII characters, unique per intended write. Retrying with the same key and body ' +
        'answers the first answer (header `Idempotent-Replayed: true`) and changes nothing; the same key with ' +
        'another body is 409 `IDEMPOTENCY_KEY_REUSED`. Kept 24 hours.',
    }),
  ),
});
