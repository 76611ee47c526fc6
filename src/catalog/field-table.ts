// How a field table is declared and read; the tables themselves are in catalog.fields.ts. A field's
// kind (`field.text()`, `field.bool()`, …) gives its record value and how a row's column is read,
// its REST shape and its GraphQL type; its options what differs from the kind's defaults: its
// column, REST key or shape, its GraphQL description, and, for a field the catalog import takes as
// it is (a plain field), what the import document says of it (`import`: its description, limits
// and default), from which its JSON Schema property, its check and its value in the import's row
// follow (catalog/import/document/parts.ts, catalog/import/validate/plain.ts).
//
// A field's key is its record property and GraphQL field name; unless told otherwise its column is
// the same name and its REST key (the import document's key too) the snake_case of it.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { toMajor } from '../domain/money.js';
import { Nullable } from '../rest/schema.js';
import type { ColumnType } from './catalog-bulk.repository.js';

/**
 * A row as the driver gives it: SQLite's 0/1 or PostgreSQL's booleans, JSON as text or parsed,
 * dates as text, epoch milliseconds or Date.
 */
export type RawRow = Record<string, unknown>;

/** A field's GraphQL type: a scalar, or `own` for a field its GraphQL type declares itself (a list, an enum). */
export type GraphqlType = 'ID' | 'String' | 'Int' | 'Float' | 'Boolean' | 'DateTime' | 'own';

/** What a plain field is to the catalog import, by its kind. */
export type ImportKind = 'text' | 'optionalText' | 'int' | 'optionalInt' | 'bool' | 'date';

/** A plain field's value in the import's row, by kind (a date as the Date written). */
export interface ImportValues {
  text: string;
  optionalText: string | null;
  int: number;
  optionalInt: number | null;
  bool: boolean;
  date: Date | null;
}

/** What the import document says of a plain field. */
export interface ImportSpec<K extends ImportKind = ImportKind> {
  readonly kind: K;
  /** Its description in the document's JSON Schema. */
  readonly description: string;
  /** A text's most characters (Unicode code points); free text's (catalogLimits.maxText) unless told. */
  readonly maxLength?: number;
  /** An optional integer's range: 0 to the largest id unless told. */
  readonly minimum?: number;
  readonly maximum?: number;
  /** What an absent value means: with one, the document may leave the field out. */
  readonly default?: string | boolean;
}

type ImportOptions<K extends ImportKind> = Omit<ImportSpec<K>, 'kind'>;
/** The import options each kind takes. */
interface ImportOptionsOf {
  text: ImportOptions<'text'> & { readonly default?: string; readonly minimum?: never };
  optionalText: ImportOptions<'optionalText'> & { readonly default?: never; readonly minimum?: never };
  int: { readonly description: string };
  optionalInt: ImportOptions<'optionalInt'> & { readonly default?: never; readonly maxLength?: never };
  bool: { readonly description: string; readonly default?: boolean };
  date: { readonly description: string };
}

interface Options<K extends ImportKind = never> {
  readonly column?: string;
  readonly rest?: string;
  readonly schema?: TSchema;
  /** false: not a GraphQL field; else what its GraphQL description says, if anything. */
  readonly graphql?: false | { readonly description: string };
  /** The catalog import takes it as it is: what its document says of it. */
  readonly import?: ImportOptionsOf[K];
}

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
  /** False: not a GraphQL field; else its description there, if any. */
  readonly graphql?: false | { readonly description: string };
  /** Its GraphQL type, from its kind. */
  readonly graphqlType: GraphqlType;
  /** Whether its value may be null (a GraphQL field of it must say so). */
  readonly nullable: boolean;
  /** How its column stores it (the import's bulk statements write it so). */
  readonly storage: ColumnType;
  /** The catalog import takes it as it is (a plain field). */
  readonly import?: ImportSpec;
}

export interface Field<V = unknown, S extends TSchema = TSchema> {
  readonly key: string;
  readonly column: string;
  readonly select: 'plain' | 'json' | 'date';
  readonly read: (row: RawRow) => V;
  readonly rest: { readonly key: string; readonly schema: S; readonly view: (value: V) => unknown } | null;
  readonly graphql: { readonly type: GraphqlType; readonly description: string | undefined } | null;
  readonly nullable: boolean;
  readonly storage: ColumnType;
  /** A plain field of the import: its key in the document (its REST key) and what the document says of it. */
  readonly import: { readonly key: string; readonly spec: ImportSpec } | null;
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export type Specs = Record<string, FieldSpec<unknown, TSchema>>;
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
type ImportKindOf<F> = F extends { readonly import: { readonly kind: infer K extends ImportKind } } ? K : never;

/** The record a table reads: each field's key and value. */
export type RecordOf<T extends Specs> = { -readonly [K in keyof T]: ValueOf<T[K]> };
/** The REST properties of a table (its TypeBox object's), keyed by REST key. */
export type RestPropertiesOf<T extends Specs> = { [K in keyof T as RestKeyOf<K, T[K]>]: SchemaOf<T[K]> };
/** The plain fields of a table as the import's row holds them (their column is their key). */
export type ImportedOf<T extends Specs> = {
  -readonly [K in keyof T as [ImportKindOf<T[K]>] extends [never] ? never : K]: ImportValues[ImportKindOf<T[K]>];
};
/** The columns a table reads. */
export type ColumnsOf<T extends Specs> = {
  [K in keyof T]: T[K] extends { readonly column: infer C extends string } ? C : K;
}[keyof T] &
  string;

/** A record's fields, declared once (catalog.fields.ts), and what follows from them: columns, record, REST. */
export interface FieldTable<T extends Specs> {
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

function fieldOf(key: string, spec: FieldSpec<unknown, TSchema>): Field {
  const column = spec.column ?? key;
  const view = (value: unknown) => (spec.view ? spec.view(value) : value);
  // The import's row holds a plain field under its key, and writes it to the column of that name.
  if (spec.import && (column !== key || spec.rest !== undefined))
    throw new Error(`${key}: a field the import takes as it is has its key for column and REST key`);
  // Records and REST answers are built by assignment (table(), below): a key of Object.prototype's
  // would not become a property of its own.
  const restKey = spec.rest ?? snakeCase(key);
  if (key in Object.prototype || restKey in Object.prototype)
    throw new Error(`${key}: a field's key and REST key may not be a name Object.prototype has`);
  return {
    key,
    column,
    select: spec.select,
    read: (row: RawRow) => spec.read(row, column),
    rest: spec.schema === null ? null : { key: restKey, schema: spec.schema, view },
    graphql: spec.graphql === false ? null : { type: spec.graphqlType, description: spec.graphql?.description },
    nullable: spec.nullable,
    storage: spec.storage,
    import: spec.import ? { key: snakeCase(key), spec: spec.import } : null,
  };
}

export function table<T extends Specs>(specs: T): FieldTable<T> {
  const fields = Object.entries(specs).map(([key, spec]) => fieldOf(key, spec));
  const columns = [
    ...new Map(
      fields.map((field) => [field.column, { name: field.column, select: field.select, storage: field.storage }]),
    ).values(),
  ];
  const restFields = fields.filter((field) => field.rest !== null);
  return {
    fields,
    columns,
    // Property by property, not Object.fromEntries over [key, value] pairs: a cold answer reads
    // thousands of rows, and the pairs cost more than the values (about half the read's time).
    read: (row) => {
      const record: Record<string, unknown> = {};
      for (const field of fields) record[field.key] = field.read(row);
      return record as RecordOf<T>;
    },
    restProperties: Object.fromEntries(
      restFields.map((field) => [field.rest!.key, field.rest!.schema]),
    ) as RestPropertiesOf<T>,
    view: (record) => {
      const values = record as Record<string, unknown>;
      const answer: Record<string, unknown> = {};
      for (const field of restFields) answer[field.rest!.key] = field.rest!.view(values[field.key]);
      return answer as never;
    },
  };
}

// Reading a raw value of each kind.
const bool = (value: unknown): boolean => value === true || value === 1 || value === 1n;
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const int = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
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

/** The REST shape a field's options give, else its kind's. */
type SchemaFrom<O, D extends TSchema> = O extends { readonly schema: infer S extends TSchema } ? S : D;
/** A column other than the field's key, as its literal (ColumnsOf reads it). */
type ColumnSpec<C extends string> = [C] extends [never] ? unknown : { readonly column: C };
/** A kind's spec, with what its options tell the types: its column, and whether the import takes it as it is. */
type Spec<V, S extends TSchema, O, K extends ImportKind> = FieldSpec<V, S> &
  (O extends { readonly column: infer C extends string } ? { readonly column: C } : unknown) &
  (O extends { readonly import: object } ? { readonly import: ImportSpec<K> } : unknown);

/** What a kind of field is: how it is stored and read, whether it may be null, its REST shape and GraphQL type. */
interface Kind<V> {
  storage: ColumnType;
  nullable: boolean;
  read: (value: unknown) => V;
  schema: () => TSchema;
  graphqlType: GraphqlType;
}

/** A field whose column is read on its own. */
function plain<V, S extends TSchema, O extends Options<ImportKind>, K extends ImportKind>(
  options: O | undefined,
  kind: Kind<V>,
  importKind: K | null,
): Spec<V, S, O, K> {
  const { import: taken, ...rest }: Options<ImportKind> = options ?? {};
  if (taken && importKind === null) throw new Error('the import takes no field of this kind as it is');
  const { storage, nullable, read, schema, graphqlType } = kind;
  return {
    ...rest,
    nullable,
    storage,
    graphqlType,
    select: 'plain',
    read: (row, column) => read(row[column]),
    schema: rest.schema ?? schema(),
    ...(taken ? { import: { kind: importKind, ...taken } } : {}),
  } as Spec<V, S, O, K>;
}

type TString = ReturnType<typeof Type.String>;
type TInteger = ReturnType<typeof Type.Integer>;
type TBoolean = ReturnType<typeof Type.Boolean>;
type TNullable<T extends TSchema> = ReturnType<typeof Nullable<T & { type: 'string' | 'integer' }>>;

const kinds = {
  id: { storage: 'int', nullable: false, read: Number, schema: Type.Integer, graphqlType: 'ID' },
  int: { storage: 'int', nullable: false, read: Number, schema: Type.Integer, graphqlType: 'Int' },
  text: { storage: 'text', nullable: false, read: String, schema: Type.String, graphqlType: 'String' },
  optionalText: {
    storage: 'text',
    nullable: true,
    read: text,
    schema: () => Nullable(Type.String()),
    graphqlType: 'String',
  },
  optionalInt: {
    storage: 'int',
    nullable: true,
    read: int,
    schema: () => Nullable(Type.Integer()),
    graphqlType: 'Int',
  },
  bool: { storage: 'bool', nullable: false, read: bool, schema: Type.Boolean, graphqlType: 'Boolean' },
  date: {
    storage: 'date',
    nullable: true,
    read: isoDate,
    schema: () => Nullable(Type.String()),
    graphqlType: 'DateTime',
  },
} satisfies Record<string, Kind<unknown>>;

/** Field kinds: each gives its reading, its REST shape and its GraphQL type. */
export const field = {
  /** The field, not in REST answers. */
  hidden: <F extends FieldSpec<unknown, TSchema>>(spec: F) =>
    ({ ...spec, schema: null }) as Omit<F, 'schema'> & { readonly schema: null },
  /** An id: an integer, GraphQL's ID. */
  id: <const O extends Options = object>(options?: O) =>
    plain<number, SchemaFrom<O, TInteger>, O, never>(options, kinds.id, null),
  int: <const O extends Options<'int'> = object>(options?: O) =>
    plain<number, SchemaFrom<O, TInteger>, O, 'int'>(options, kinds.int, 'int'),
  text: <const O extends Options<'text'> = object>(options?: O) =>
    plain<string, SchemaFrom<O, TString>, O, 'text'>(options, kinds.text, 'text'),
  /** A text column of known values, which GraphQL declares as an enum of its own. */
  oneOf: <const V extends readonly string[], const O extends Options = object>(_values: V, options?: O) =>
    plain<V[number], SchemaFrom<O, TString>, O, never>(
      options,
      { ...kinds.text, graphqlType: 'own' } as Kind<V[number]>,
      null,
    ),
  optionalText: <const O extends Options<'optionalText'> = object>(options?: O) =>
    plain<string | null, SchemaFrom<O, TNullable<TString>>, O, 'optionalText'>(
      options,
      kinds.optionalText,
      'optionalText',
    ),
  optionalInt: <const O extends Options<'optionalInt'> = object>(options?: O) =>
    plain<number | null, SchemaFrom<O, TNullable<TInteger>>, O, 'optionalInt'>(
      options,
      kinds.optionalInt,
      'optionalInt',
    ),
  bool: <const O extends Options<'bool'> = object>(options?: O) =>
    plain<boolean, SchemaFrom<O, TBoolean>, O, 'bool'>(options, kinds.bool, 'bool'),
  /** An ISO 8601 UTC date, or null. */
  date: <const O extends Options<'date'> = object>(options?: O) => ({
    ...plain<string | null, SchemaFrom<O, TNullable<TString>>, O, 'date'>(options, kinds.date, 'date'),
    select: 'date' as const,
  }),
  /** A JSON array column, its items of type T; `view` copies an item for REST (its keys in order). */
  list: <T, S extends TSchema, C extends string = never>(
    options: Omit<Options, 'column' | 'schema'> & { column?: C; schema: S; view?: (item: T) => unknown },
  ): FieldSpec<T[], S> & ColumnSpec<C> =>
    ({
      ...options,
      nullable: false,
      storage: 'json',
      select: 'json',
      graphqlType: 'own',
      read: (row, column) => jsonArray<T>(row[column]),
      view: options.view ? (items: T[]) => items.map((item) => options.view!(item)) : undefined,
    }) as FieldSpec<T[], S> & ColumnSpec<C>,
  /** An amount in major units of the row's `currency` column, read from a minor-units column. */
  major: <S extends TSchema, C extends string>(
    options: Omit<Options, 'column' | 'schema'> & { column: C; schema: S },
  ): FieldSpec<number, S> & ColumnSpec<C> => ({
    ...options,
    nullable: false,
    storage: 'int',
    select: 'plain',
    graphqlType: 'Float',
    read: (row, column) => toMajor(Number(row[column]), String(row.currency)),
  }),
  /** The same, null when the minor-units column is. */
  optionalMajor: <S extends TSchema, C extends string>(
    options: Omit<Options, 'column' | 'schema'> & { column: C; schema: S },
  ): FieldSpec<number | null, S> & ColumnSpec<C> => ({
    ...options,
    nullable: true,
    storage: 'int',
    select: 'plain',
    graphqlType: 'Float',
    read: (row, column) =>
      row[column] === null || row[column] === undefined ? null : toMajor(Number(row[column]), String(row.currency)),
  }),
};
