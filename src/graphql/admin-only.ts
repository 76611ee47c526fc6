// The admin-only part of the schema, and what it means for errors. A field marked `@AdminOnly()`
// answers FORBIDDEN to a non-admin caller (its guard, a middleware) and is marked in the schema
// (`extensions.adminOnly`), from which the admin-only types follow: those reachable from such
// fields only (their arguments, results, input fields), not from any other root field.
//
// With introspection off, the schema is not shown to callers, yet graphql-js's validation messages
// would spell out what a document got wrong about it: "Field "CreateDiscountInput.store" of
// required type "String!" was not provided", the arguments a mutation requires, the fields an
// object type lacks. For a caller without an admin key, an error located where the document
// touches the admin-only part (an admin-only field and its selection, a fragment on an admin-only
// type, a variable of one) is answered with the same code and status but a message that names
// nothing of the schema (`maskAdminOnlyErrors`).
import {
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DocumentNode,
  type GraphQLField,
  type GraphQLFormattedError,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { Extensions, UseMiddleware, type MiddlewareFn } from 'type-graphql';
import { requireAdmin, type CallerContext, type Principal } from '../security/api-keys.js';

const guard: MiddlewareFn<CallerContext> = ({ context }, next) => {
  requireAdmin(context.principal);
  return next();
};

/** An admin-only query or mutation: FORBIDDEN to other callers, and kept out of their error messages. */
export function AdminOnly(): MethodDecorator {
  const mark = Extensions({ adminOnly: true });
  const check = UseMiddleware(guard);
  return (target, key, descriptor) => {
    mark(target, key, descriptor);
    check(target, key, descriptor);
  };
}

/** The message of an error about the admin-only part, for callers without an admin key. */
export const adminOnlyMessage =
  'Not valid where the document uses fields or types that need an admin key; the details are shown to admin keys only';

export interface AdminOnlyParts {
  /** `Type.field` of the admin-only fields. */
  fields: Set<string>;
  /** Names of the types only admin-only fields reach. */
  types: Set<string>;
}

/** Every named type reachable from the given fields: arguments, results, input fields, implementations. */
function reachable(schema: GraphQLSchema, fields: GraphQLField<unknown, unknown>[]): Set<string> {
  const seen = new Set<string>();
  const pending: GraphQLNamedType[] = [];
  const add = (type: GraphQLNamedType) => {
    if (seen.has(type.name)) return;
    seen.add(type.name);
    pending.push(type);
  };
  const addField = (field: GraphQLField<unknown, unknown>) => {
    add(getNamedType(field.type));
    for (const argument of field.args) add(getNamedType(argument.type));
  };
  fields.forEach(addField);
  for (let type = pending.pop(); type !== undefined; type = pending.pop()) {
    if (isObjectType(type) || isInterfaceType(type)) Object.values(type.getFields()).forEach(addField);
    if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) add(getNamedType(field.type));
    if (isInterfaceType(type) || isUnionType(type)) schema.getPossibleTypes(type).forEach(add);
  }
  return seen;
}

export function adminOnlyParts(schema: GraphQLSchema): AdminOnlyParts {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((root) =>
    root ? Object.values(root.getFields()).map((field) => ({ root, field })) : [],
  );
  const isAdminOnly = (field: GraphQLField<unknown, unknown>) => field.extensions.adminOnly === true;
  const fields = new Set(
    roots.filter(({ field }) => isAdminOnly(field)).map(({ root, field }) => `${root.name}.${field.name}`),
  );
  const everyone = reachable(
    schema,
    roots.filter(({ field }) => !isAdminOnly(field)).map(({ field }) => field),
  );
  const admin = reachable(
    schema,
    roots.filter(({ field }) => isAdminOnly(field)).map(({ field }) => field),
  );
  return { fields, types: new Set([...admin].filter((name) => !everyone.has(name))) };
}

/** Where in the document's text it touches the admin-only part: [start, end) offsets. */
function adminOnlyRegions(schema: GraphQLSchema, document: DocumentNode, parts: AdminOnlyParts): [number, number][] {
  const regions: [number, number][] = [];
  const mark = (node: ASTNode) => {
    if (node.loc) regions.push([node.loc.start, node.loc.end]);
  };
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (parent && parts.fields.has(`${parent.name}.${node.name.value}`)) mark(node);
      },
      InlineFragment(node) {
        if (node.typeCondition && parts.types.has(node.typeCondition.name.value)) mark(node);
      },
      FragmentDefinition(node) {
        if (parts.types.has(node.typeCondition.name.value)) mark(node);
      },
      VariableDefinition(node) {
        let type = node.type;
        while (type.kind !== 'NamedType') type = type.type;
        if (parts.types.has(type.name.value)) mark(node);
      },
    }),
  );
  return regions;
}

/** Offsets of a text's lines, for the line and column of an error's location. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n|[\n\r]/g)) starts.push(match.index + match[0].length);
  return starts;
}

/** Codes of the errors a document's validation or its variables make: the ones that describe the schema. */
const describingCodes = new Set(['GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * The errors as a caller may see them: for one without an admin key, when the schema is not
 * shown, those located where the document touches the admin-only part name nothing of it.
 */
export function maskAdminOnlyErrors(
  schema: GraphQLSchema,
  parts: AdminOnlyParts,
  principal: Principal,
  document: DocumentNode | undefined,
  errors: readonly GraphQLFormattedError[],
): readonly GraphQLFormattedError[] {
  if (principal.role === 'admin' || !document?.loc) return errors;
  const describing = errors.filter(
    (error) => describingCodes.has(String(error.extensions?.code)) && error.locations?.length,
  );
  if (describing.length === 0) return errors;
  const regions = adminOnlyRegions(schema, document, parts);
  const starts = lineStarts(document.loc.source.body);
  const inRegion = (error: GraphQLFormattedError) =>
    (error.locations ?? []).some(({ line, column }) => {
      const offset = (starts[line - 1] ?? Number.NaN) + column - 1;
      return regions.some(([start, end]) => offset >= start && offset < end);
    });
  return errors.map((error) =>
    describing.includes(error) && inRegion(error) ? { ...error, message: adminOnlyMessage } : error,
  );
}
