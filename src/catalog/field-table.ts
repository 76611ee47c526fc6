// How a field table is declared and read; the tables themselves are in catalog.fields.ts, the kinds
// of field in field-kinds.ts. A field's kind (`field.text()`, `field.bool()`, …) gives its record
// value and how a row's column is read, its REST shape and its GraphQL type; its options what
// differs from the kind's defaults: its column, REST key or shape, its GraphQL description, and,
// for a field the catalog import takes as it is (a plain field), what the import document says of
// it (`import`: its description, limits and default), from which its JSON Schema property, its
// check and its value in the import's row follow (catalog/import/document/parts.ts,
// catalog/import/validate/plain.ts).
//
// A field's key is its record property and GraphQL field name; unless told otherwise its column is
// the same name and its REST key (the import document's key too) the snake_case of it.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ColumnType } from './catalog-bulk.repository.js';

/**
 * A row as the driver gives it: SQLite's 0/1 or PostgreSQL's booleans, JSON as text or parsed,
 * dates as text, epoch milliseconds or Date.
 */
export type RawRow = Record<string, unknown>;

/**
 * Where a row holds a column: its name in a row of named columns, its place in a row of values
 * (the reader's `arrays`, its columns in the table's order).
 */
export type CellKey = string | number;
export type Cells = Readonly<Record<CellKey, unknown>>;

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

export interface Options<K extends ImportKind = never> {
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
  /**
   * How the record's value is read from a row: `at` is where the row holds the field's column,
   * `cellOf` where it holds another (asked once per table and form of row, never per row).
   */
  reader(at: CellKey, cellOf: (column: string) => CellKey): (row: Cells) => V;
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
  /** Its value from a row of named columns, and from a row of values in the table's column order. */
  readonly read: (row: RawRow) => V;
  readonly readValue: (values: readonly unknown[]) => V;
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
  /** The record of a row of named columns. */
  read(row: RawRow): RecordOf<T>;
  /**
   * The record of a row of values in `columns`' order (the reader's `arrays`: a row an object
   * cost the driver two fifths of a catalog read).
   */
  readValues(values: readonly unknown[]): RecordOf<T>;
  /** The REST properties, in table order (for Type.Object). */
  readonly restProperties: RestPropertiesOf<T>;
  /** The REST answer's keys and values, in table order. */
  view(record: RecordOf<T>): Static<ReturnType<typeof Type.Object<RestPropertiesOf<T>>>>;
}

function fieldOf(key: string, spec: FieldSpec<unknown, TSchema>, places: ReadonlyMap<string, number>): Field {
  const column = spec.column ?? key;
  const placeOf = (name: string) => {
    const place = places.get(name);
    if (place === undefined) throw new Error(`${key}: reads column ${name}, which its table does not select`);
    return place;
  };
  const fromValues = spec.reader(placeOf(column), placeOf);
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
    read: spec.reader(column, (name) => name),
    // A row of values is read by place: its cells are the array's items.
    readValue: fromValues as unknown as (values: readonly unknown[]) => unknown,
    rest: spec.schema === null ? null : { key: restKey, schema: spec.schema, view },
    graphql: spec.graphql === false ? null : { type: spec.graphqlType, description: spec.graphql?.description },
    nullable: spec.nullable,
    storage: spec.storage,
    import: spec.import ? { key: snakeCase(key), spec: spec.import } : null,
  };
}

export function table<T extends Specs>(specs: T): FieldTable<T> {
  const columns = [
    ...new Map(
      Object.entries(specs).map(([key, { column = key, select, storage }]) => [
        column,
        { name: column, select, storage },
      ]),
    ).values(),
  ];
  const places = new Map(columns.map(({ name }, place) => [name, place]));
  const fields = Object.entries(specs).map(([key, spec]) => fieldOf(key, spec, places));
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
    readValues: (values) => {
      const record: Record<string, unknown> = {};
      for (const field of fields) record[field.key] = field.readValue(values);
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
