// The client for shops: typed GraphQL documents for the common flows, and a REST client with a
// method per operation. It needs nothing of the server: only the generated types beside it, and
// openapi-fetch for REST.
// ImageWithProductsDocument, SubmitCartDocument, …: the documents of operations.graphql, with their types.
export * from './generated/gql/graphql.js';
export {
  createRestClient,
  type RestClient,
  type RestClientOptions,
  type RestInit,
  type RestMethods,
  type RestOperationName,
} from './rest.js';
export type {
  components as RestSchemas,
  operations as RestOperations,
  paths as RestPaths,
} from './generated/rest-api.js';
