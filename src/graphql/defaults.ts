// Arguments with a default: an explicit null means the default, as an absent argument does (and as
// a REST query string without the parameter does). GraphQL would pass null to the resolver of a
// nullable argument, and refuse it for a non-null one with a field error after validation (which
// answered 500): so every defaulted argument is declared nullable (`withDefault`), and the
// schema's resolvers of fields with such arguments are wrapped once to put the default in place
// of null (`nullMeansDefault`), for graphql-js and graphql-jit alike (both call `field.resolve`).
import { defaultFieldResolver, isObjectType, type GraphQLSchema } from 'graphql';

/** The options of an argument with a default: nullable, null and absent both meaning the default. */
export function withDefault<T>(
  defaultValue: T,
  description?: string,
): { defaultValue: T; nullable: true; description: string } {
  const meaning = 'Null means the default, as when absent.';
  return {
    defaultValue,
    nullable: true,
    description: description === undefined ? meaning : `${description} ${meaning}`,
  };
}

/** Wraps the resolver of every field with a defaulted argument so that null arrives as the default. */
export function nullMeansDefault(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const defaulted = field.args.filter((argument) => argument.defaultValue !== undefined);
      if (defaulted.length === 0) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, context, info) => {
        let given = args;
        for (const argument of defaulted)
          if (given[argument.name] === null) given = { ...given, [argument.name]: argument.defaultValue };
        return resolve(source, given, context, info);
      };
    }
  }
  return schema;
}
