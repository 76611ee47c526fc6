// The plain fields of a product, a SKU and a media item, checked as their field tables declare them
// (catalog.fields.ts): each by its kind's check, with the limits and default its table gives,
// in table order. What to do for each field is worked out once, when the module loads, so that
// checking a record makes no more than the calls a hand-written check would.
import type { Field, ImportKind } from '../../field-table.js';
import { catalogLimits } from '../document/limits.js';
import type { Checker, Json } from './checker.js';

const { maxId, maxText } = catalogLimits;

/** How a plain field is checked. */
export interface PlainCheck {
  /** Its key in the import's row (its field's key, which is its column). */
  readonly key: string;
  /** Its key in the document. */
  readonly document: string;
  readonly kind: ImportKind;
  /** Texts: at most this many characters, and what an absent one means. */
  readonly text: { readonly fallback?: string; readonly max: number };
  /** Optional integers: their range. */
  readonly range: { readonly min: number; readonly max: number; readonly nullable: true };
  /** Booleans: what an absent one means. */
  readonly fallback: boolean | undefined;
}

/** The checks of a table's plain fields, in table order. */
function plainChecks(fields: readonly Field[]): readonly PlainCheck[] {
  return fields.flatMap(({ key, import: taken }) => {
    if (!taken) return [];
    const { kind, maxLength, minimum, maximum } = taken.spec;
    const given = taken.spec.default;
    return [
      {
        key,
        document: taken.key,
        kind,
        text: {
          max: maxLength ?? maxText,
          ...(typeof given === 'string' ? { fallback: given } : {}),
        },
        range: { min: minimum ?? 0, max: maximum ?? maxId, nullable: true },
        fallback: typeof given === 'boolean' ? given : undefined,
      },
    ];
  });
}

type Unchecked = { readonly [key: string]: Json };

/** Each kind's check, as a call in the compiled function (`at`: where its PlainCheck is). */
const calls: { [K in ImportKind]: (key: string, at: string) => string } = {
  text: (key, at) => `check.string(object, ${key}, path, ${at}.text)`,
  optionalText: (key, at) => `check.optionalString(object, ${key}, path, ${at}.text.max)`,
  int: (key) => `check.count(object, ${key}, path)`,
  optionalInt: (key, at) => `check.optionalInteger(object, ${key}, path, ${at}.range)`,
  bool: (key, at) => `check.boolean(object, ${key}, path, ${at}.fallback)`,
  date: (key) => `check.date(object, ${key}, path)`,
};

/** Checks a record's plain fields into `row` (the values checked otherwise), which it answers with them. */
export type CheckPlain<R> = <B extends object>(check: Checker, object: Unchecked, path: string, row: B) => B & R;

/**
 * The check of a table's plain fields (R: its ImportedOf), compiled when the module loads into one
 * function that makes the calls a hand-written check would, in table order:
 * `row.title = check.string(object, "title", path, fields[1].text)`. A loop over the fields would
 * store each value under a key known only then: V8 stores those several times slower than a
 * property the code names, and the import checks every field of hundreds of thousands of records.
 * Keys are the table's (identifiers, checked here); the document's key is written as a JSON string,
 * and everything else is read from the field's PlainCheck.
 */
export function compilePlainCheck<R>(fields: readonly Field[]): CheckPlain<R> {
  const checks = plainChecks(fields);
  const body = checks.map((field, index) => {
    if (!/^[A-Za-z_$][\w$]*$/.test(field.key)) throw new Error(`${field.key}: not a name a row can have`);
    return `row.${field.key} = ${calls[field.kind](JSON.stringify(field.document), `fields[${index}]`)};`;
  });
  const source = `return (check, object, path, row) => {\n${body.join('\n')}\nreturn row;\n};`;
  return new Function('fields', source)(checks) as CheckPlain<R>;
}
