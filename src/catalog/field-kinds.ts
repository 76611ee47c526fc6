// The kinds of field a table (field-table.ts) is declared with: how each is stored and read, whether
// it may be null, its REST shape and its GraphQL type.
import { Type, type TSchema } from '@sinclair/typebox';
import { toMajor } from '../domain/money.js';
import { Nullable } from '../rest/schema.js';
import type { ColumnType } from './catalog-bulk.repository.js';
import type { FieldSpec, GraphqlType, ImportKind, ImportSpec, Options } from './field-table.js';

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
    reader: (at) => (row) => read(row[at]),
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
      reader: (at) => (row) => jsonArray<T>(row[at]),
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
    reader: (at, cellOf) => {
      const currency = cellOf('currency');
      return (row) => toMajor(Number(row[at]), String(row[currency]));
    },
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
    reader: (at, cellOf) => {
      const currency = cellOf('currency');
      return (row) =>
        row[at] === null || row[at] === undefined ? null : toMajor(Number(row[at]), String(row[currency]));
    },
  }),
};
