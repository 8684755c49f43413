// The API scopes' shared machinery (CONTEXT.md): registering routes from the @morsel/api table,
// the scope's parsers, validator and error handler, and the OpenAPI document.
export { route, fastifySchema, type RouteHandler } from './route.ts';
export { prepareApiScope } from './scope.ts';
export { clientAddress, headerValue } from './http.ts';
export { withoutTrailingSlashes } from './trailing-slashes.ts';
export { describeValidation } from './errors.ts';
export { registerApiDocs, DOCS_PATH } from './docs.ts';
export {
  ajvProblems,
  expectation,
  problemsText,
  type AjvIssue,
  type Problem,
  type SchemaLike,
} from './problems.ts';
