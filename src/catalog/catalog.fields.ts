// Each field of a product, a SKU and a media item, declared once. From these tables come the
// catalog records' types (catalog.model.ts), the columns the repository selects and how it reads
// a row (catalog.repository.ts), the REST shapes (catalog.schemas.ts, hence the OpenAPI document)
// and the REST answers (catalog.view.ts); a test checks the GraphQL types against them.
//
// A field's key is its record property and GraphQL field name; unless told otherwise its column is
// the same name and its REST key the snake_case of it. REST answers list their keys in table order.
// The catalog import writes the same columns (import/columns.ts).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { toMajor } from '../domain/money.js';
import { Nullable } from '../rest/schema.js';
import type { ColumnType } from './catalog-bulk.repository.js';

/** A row as the driver gives it: SQLite's 0/1 or PostgreSQL's booleans, JSON as text or parsed, dates as text, epoch milliseconds or Date. */
export type RawRow = Record<string, unknown>;

export interface FieldSpec<V, S extends TSchema> {
  /** The column it is read from (the Prisma model's field). */
  readonly column?: string;
  /** How the reader selects the column: as it is, JSON as text, or a date (engine's form). */
  readonly select: 'plain' | 'json' | 'date';
  /** The record's value, from the row (`column` is the field's column). */
  read(row: RawRow, column: string): V;
  /** Its REST shape; null: not in REST answers. */
  readonly schema: S | null;
  /** Its REST key, when not the snake_case of the field's key. */
  readonly rest?: string;
  /** Its REST value, when not the record's as it is (a copy with its keys in order, say). */
  view?(value: V): unknown;
  /** False: not a GraphQL field. */
  readonly graphql?: boolean;
  /** Whether its value may be null (a GraphQL field of it must say so). */
  readonly nullable: boolean;
  /** How its column stores it (the import's bulk statements write it so). */
  readonly storage: ColumnType;
}

export interface Field<V = unknown, S extends TSchema = TSchema> {
  readonly key: string;
  readonly column: string;
  readonly select: 'plain' | 'json' | 'date';
  readonly read: (row: RawRow) => V;
  readonly rest: { readonly key: string; readonly schema: S; readonly view: (value: V) => unknown } | null;
  readonly graphql: boolean;
  readonly nullable: boolean;
  readonly storage: ColumnType;
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

type Specs = Record<string, FieldSpec<unknown, TSchema>>;
type ValueOf<F> = F extends FieldSpec<infer V, TSchema> ? V : never;
type SchemaOf<F> = F extends FieldSpec<unknown, infer S> ? S : never;
type RestKeyOf<K, F> = F extends { schema: null }
  ? never
  : F extends { rest: infer R extends string }
    ? R
    : K extends string
      ? SnakeCase<K>
      : never;
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** The record a table reads: each field's key and value. */
export type RecordOf<T extends Specs> = { -readonly [K in keyof T]: ValueOf<T[K]> };
/** The REST properties of a table (its TypeBox object's), keyed by REST key. */
export type RestPropertiesOf<T extends Specs> = { [K in keyof T as RestKeyOf<K, T[K]>]: SchemaOf<T[K]> };

export interface Table<T extends Specs> {
  readonly fields: readonly Field[];
  /** The columns selected (each once, in table order). */
  readonly columns: readonly {
    readonly name: string;
    readonly select: 'plain' | 'json' | 'date';
    readonly storage: ColumnType;
  }[];
  /** The record of a row. */
  read(row: RawRow): RecordOf<T>;
  /** The REST properties, in table order (for Type.Object). */
  readonly restProperties: RestPropertiesOf<T>;
  /** The REST answer's keys and values, in table order. */
  view(record: RecordOf<T>): Static<ReturnType<typeof Type.Object<RestPropertiesOf<T>>>>;
}

export function table<T extends Specs>(specs: T): Table<T> {
  const fields: Field[] = Object.entries(specs).map(([key, spec]) => {
    const column = spec.column ?? key;
    const view = (value: unknown) => (spec.view ? spec.view(value) : value);
    return {
      key,
      column,
      select: spec.select,
      read: (row: RawRow) => spec.read(row, column),
      rest: spec.schema === null ? null : { key: spec.rest ?? snakeCase(key), schema: spec.schema, view },
      graphql: spec.graphql ?? true,
      nullable: spec.nullable,
      storage: spec.storage,
    };
  });
  const columns = [
    ...new Map(
      fields.map((field) => [field.column, { name: field.column, select: field.select, storage: field.storage }]),
    ).values(),
  ];
  const restFields = fields.filter((field) => field.rest !== null);
  return {
    fields,
    columns,
    read: (row) => Object.fromEntries(fields.map((field) => [field.key, field.read(row)])) as RecordOf<T>,
    restProperties: Object.fromEntries(
      restFields.map((field) => [field.rest!.key, field.rest!.schema]),
    ) as RestPropertiesOf<T>,
    view: (record) => {
      const values = record as Record<string, unknown>;
      return Object.fromEntries(
        restFields.map((field) => [field.rest!.key, field.rest!.view(values[field.key])]),
      ) as never;
    },
  };
}

// Reading a raw value of each kind.
const bool = (value: unknown): boolean => value === true || value === 1 || value === 1n;
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
/** JSON arrays are written only by the import, which validated their shape. */
const jsonArray = <T>(value: unknown): T[] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
};
/**
 * A DateTime column as ISO 8601 UTC: SQLite has Prisma's text (`2026-01-05T10:00:00.000+00:00`);
 * PostgreSQL's is selected as milliseconds since 1970 (its text form depends on DateStyle and has
 * no ISO form for years past 9999, which no input reaches: domain/date-time.ts); Prisma gives a Date.
 */
/** Prisma's SQLite text of a UTC instant: its ISO form is the same digits with `Z`. */
const utcText = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;
const isoDate = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  // Read per SKU on every cold read: the text is written from a Date (always a real instant), so
  // it needs no Date to become ISO, only its offset as Z.
  if (typeof value === 'string' && utcText.test(value)) return `${value.slice(0, 23)}Z`;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return date.toISOString();
};

type Options<S extends TSchema> = { column?: string; rest?: string; graphql?: boolean; schema?: S };

/** A field whose column is read on its own: how it is stored, whether it may be null, its value from the column's, its REST shape unless told. */
function plain<V, S extends TSchema>(
  options: Options<S>,
  storage: ColumnType,
  nullable: boolean,
  read: (value: unknown) => V,
  schema: () => TSchema,
): FieldSpec<V, S> {
  return {
    ...options,
    nullable,
    storage,
    select: 'plain',
    read: (row, column) => read(row[column]),
    schema: options.schema ?? (schema() as S),
  };
}

/** Field kinds: each gives its reading and its REST shape. */
export const field = {
  /** The field, not in REST answers. */
  hidden: <V>(spec: FieldSpec<V, TSchema>): FieldSpec<V, never> => ({ ...spec, schema: null }),
  int: <S extends TSchema = ReturnType<typeof Type.Integer>>(options: Options<S> = {}) =>
    plain<number, S>(options, 'int', false, Number, Type.Integer),
  text: <S extends TSchema = ReturnType<typeof Type.String>>(options: Options<S> = {}) =>
    plain<string, S>(options, 'text', false, String, Type.String),
  /** A text column of known values (V). */
  oneOf: <V extends string, S extends TSchema = ReturnType<typeof Type.String>>(options: Options<S> = {}) =>
    plain<V, S>(options, 'text', false, (value) => String(value) as V, Type.String),
  optionalText: <S extends TSchema = ReturnType<typeof Nullable<ReturnType<typeof Type.String>>>>(
    options: Options<S> = {},
  ) => plain<string | null, S>(options, 'text', true, text, () => Nullable(Type.String())),
  optionalInt: <S extends TSchema = ReturnType<typeof Nullable<ReturnType<typeof Type.Integer>>>>(
    options: Options<S> = {},
  ) =>
    plain<number | null, S>(
      options,
      'int',
      true,
      (value) => (value === null || value === undefined ? null : Number(value)),
      () => Nullable(Type.Integer()),
    ),
  bool: <S extends TSchema = ReturnType<typeof Type.Boolean>>(options: Options<S> = {}) =>
    plain<boolean, S>(options, 'bool', false, bool, Type.Boolean),
  /** An ISO 8601 UTC date, or null. */
  date: <S extends TSchema = ReturnType<typeof Nullable<ReturnType<typeof Type.String>>>>(
    options: Options<S> = {},
  ): FieldSpec<string | null, S> => ({
    ...plain<string | null, S>(options, 'date', true, isoDate, () => Nullable(Type.String())),
    select: 'date',
  }),
  /** A JSON array column, its items of type T; `view` copies an item for REST (its keys in order). */
  list: <T, S extends TSchema>(
    options: Options<S> & { schema: S; view?: (item: T) => unknown },
  ): FieldSpec<T[], S> => ({
    ...options,
    nullable: false,
    storage: 'json',
    select: 'json',
    read: (row, column) => jsonArray<T>(row[column]),
    view: options.view ? (items: T[]) => items.map((item) => options.view!(item)) : undefined,
  }),
  /** An amount in major units of the row's `currency` column, read from a minor-units column. */
  major: <S extends TSchema>(options: Options<S> & { column: string; schema: S }): FieldSpec<number, S> => ({
    ...options,
    nullable: false,
    storage: 'int',
    select: 'plain',
    read: (row, column) => toMajor(Number(row[column]), String(row.currency)),
  }),
  /** The same, null when the minor-units column is. */
  optionalMajor: <S extends TSchema>(
    options: Options<S> & { column: string; schema: S },
  ): FieldSpec<number | null, S> => ({
    ...options,
    nullable: true,
    storage: 'int',
    select: 'plain',
    read: (row, column) =>
      row[column] === null || row[column] === undefined ? null : toMajor(Number(row[column]), String(row.currency)),
  }),
};

// Type aliases rather than interfaces: they are stored in JSON columns, and only aliases are
// assignable to Prisma's JSON input type.
export type VariantOption = {
  name: string;
  visual: boolean;
  values: string[];
};

export type VariantValue = {
  variant: string;
  value: string;
};

export type SkuDimension = {
  weight: number;
  type: string;
};

const variantValue = Type.Object({
  variant: Type.String({ description: 'The option, e.g. Color.' }),
  value: Type.String({ description: 'Its value, e.g. Red.' }),
});
const isoCurrency = () => Type.String({ description: 'ISO 4217 code.' });

/** A product's fields (its SKUs and comparables are read apart). */
export const productFields = {
  id: field.int(),
  externalId: field.optionalText(),
  title: field.text(),
  description: field.hidden(field.optionalText()),
  brand: field.optionalText(),
  url: field.optionalText(),
  /** Major units, as both APIs answer it (44.99). */
  price: field.major({ column: 'priceMinor', schema: Type.Number({ description: 'In major units of `currency`.' }) }),
  /** Exact amount, for comparisons (4499). */
  priceMinor: field.hidden(field.int({ graphql: false })),
  currency: field.text({ schema: isoCurrency() }),
  category: field.optionalText(),
  isAvailable: field.bool(),
  images: field.list<string, ReturnType<typeof Type.Array<ReturnType<typeof Type.String>>>>({
    schema: Type.Array(Type.String()),
  }),
  nativeCheckout: field.bool(),
  variants: field.list({
    schema: Type.Array(Type.Object({ name: Type.String(), visual: Type.Boolean(), values: Type.Array(Type.String()) })),
    view: ({ name, visual, values }: VariantOption) => ({ name, visual, values }),
  }),
};

/** A SKU's fields. */
export const skuFields = {
  skuId: field.int({ column: 'id' }),
  productId: field.int(),
  externalId: field.optionalText(),
  merchantId: field.int({ schema: Type.Integer({ description: "The store's id." }) }),
  name: field.text(),
  inStock: field.bool(),
  qtyAvailable: field.int(),
  /** Major units (44.99), null without one. */
  salePrice: field.optionalMajor({ column: 'salePriceMinor', schema: Nullable(Type.Number()) }),
  retailPrice: field.optionalMajor({ column: 'retailPriceMinor', schema: Nullable(Type.Number()) }),
  /** Exact amounts (4499), null without one: GraphQL's Sku.priceMoney. */
  salePriceMinor: field.hidden(field.optionalInt({ graphql: false })),
  retailPriceMinor: field.hidden(field.optionalInt({ graphql: false })),
  currency: field.text({ schema: isoCurrency() }),
  status: field.text(),
  type: field.text(),
  taxable: field.bool(),
  taxType: field.optionalText(),
  /** ISO 8601, UTC. */
  dateCreated: field.date(),
  dateLastModified: field.date(),
  variantValues: field.list({
    schema: Type.Array(variantValue),
    view: ({ variant, value }: VariantValue) => ({ variant, value }),
  }),
  skuDimensions: field.list({
    column: 'dimensions',
    schema: Type.Array(Type.Object({ weight: Type.Number(), type: Type.String() })),
    view: ({ weight, type }: SkuDimension) => ({ weight, type }),
  }),
};

export type MediaKind = 'image' | 'video';

/** A media item's fields. */
export const mediaFields = {
  id: field.int(),
  kind: field.hidden(field.oneOf<MediaKind>({ column: 'type' })),
  slug: field.text(),
  fileName: field.text(),
  platform: field.optionalText(),
  // Not in the seed's media answers, which stay as they were: the placements routes answer them.
  url: field.hidden(field.optionalText()),
  posterUrl: field.hidden(field.optionalText()),
  width: field.hidden(field.optionalInt()),
  height: field.hidden(field.optionalInt()),
  durationMs: field.hidden(field.optionalInt()),
};

export const productTable = table(productFields);
export const skuTable = table(skuFields);
export const mediaTable = table(mediaFields);
