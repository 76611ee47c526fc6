// The building blocks of the document's JSON Schema (schema.ts), and the properties of a record
// with a field table (a product, a SKU, a media item): each plain field's from what its table says of it
// (catalog.fields.ts), in table order among those schema.ts declares itself.
import { Type, type TSchema } from '@sinclair/typebox';
import type { Field, ImportSpec } from '../../field-table.js';
import { catalogLimits } from './limits.js';

const { maxId, maxText, maxItems } = catalogLimits;

/** ISO 8601 date-time with a time zone; seconds and their fraction are optional. */
const dateTimePattern = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$';
/** At least one character that is not white space. */
export const notBlank = '\\S';

export const id = (description: string) => Type.Integer({ description, minimum: 1, maximum: maxId });
export const text = (description: string, maxLength: number = maxText, options: { default?: string } = {}) =>
  Type.String({ description, minLength: 1, maxLength, pattern: notBlank, ...options });
export const nullableText = (description: string, maxLength: number = maxText) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description }));
export const currency = (description: string) => Type.String({ description, pattern: '^[A-Z]{3}$' });
/** A decimal in the currency's major unit; the validator checks its decimals against the currency. */
export const price = (description: string) => Type.Number({ description, minimum: 0, maximum: maxId });
export const rate = (description: string, options: { default?: number } = {}) =>
  Type.Number({ description, minimum: 0, maximum: 1, ...options });
/** An optional list in a record: absent and null both mean an empty one. */
export const list = <T extends TSchema>(
  items: T,
  description: string,
  options: { uniqueItems?: boolean; maxItems?: number } = {},
) => Type.Optional(Type.Union([Type.Array(items, { maxItems, ...options }), Type.Null()], { description }));
/** An optional section of the document: a list of records, as long as it takes. */
export const section = <T extends TSchema>(items: T, description: string) =>
  Type.Optional(Type.Union([Type.Array(items), Type.Null()], { description }));
export const nullableDateTime = (description: string) =>
  Type.Optional(Type.Union([Type.String({ pattern: dateTimePattern }), Type.Null()], { description }));

/** A plain field's property: its kind's shape, with the description, limits and default its table gives. */
function plainProperty(spec: ImportSpec): TSchema {
  const { description } = spec;
  switch (spec.kind) {
    case 'text':
      return spec.default === undefined
        ? text(description, spec.maxLength)
        : Type.Optional(text(description, spec.maxLength, { default: String(spec.default) }));
    case 'optionalText':
      return nullableText(description, spec.maxLength);
    case 'int':
      return Type.Integer({ description, minimum: 0, maximum: maxId });
    case 'optionalInt':
      return Type.Optional(
        Type.Union([Type.Integer({ minimum: spec.minimum ?? 0, maximum: spec.maximum ?? maxId }), Type.Null()], {
          description,
        }),
      );
    case 'bool':
      return spec.default === undefined
        ? Type.Boolean({ description })
        : Type.Optional(Type.Boolean({ description, default: spec.default }));
    case 'date':
      return nullableDateTime(description);
  }
}

/**
 * A record's properties in its table's order: a plain field's from its table, another field's from
 * `own` by its document key (a field the import fills otherwise, such as a price from its major
 * units, or none: it is not in the document); then the keys of `own` no field has. Typed as `own`:
 * the validator names no plain field (it checks them from the table).
 */
export function recordProperties<P extends Record<string, TSchema>>(fields: readonly Field[], own: P): P {
  const properties: Record<string, TSchema> = {};
  for (const field of fields) {
    const key = field.import?.key ?? field.rest?.key;
    const declared = key !== undefined && Object.hasOwn(own, key);
    if (field.import && declared) throw new Error(`${key} is a plain field: its table declares it`);
    if (field.import) properties[field.import.key] = plainProperty(field.import.spec);
    else if (declared) properties[key] = own[key]!;
  }
  for (const [key, property] of Object.entries(own)) if (!Object.hasOwn(properties, key)) properties[key] = property;
  return properties as P;
}
