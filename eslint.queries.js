// Queries live in store modules (docs/overview.md, "Store access"; docs/decisions/0014): a file
// named *store*.ts, a file in a store/ folder, or a migration. Elsewhere in the server these
// `no-restricted-syntax` selectors fail lint, so a handler or route cannot grow inline SQL again,
// however the query is spelled.

const MESSAGE =
  "queries belong in the feature's store module (a *store*.ts file or a store/ folder); call a named function from there";

/** Kysely's entry points to a query, reached as a call, a reference or a bound method. */
const QUERY_START =
  '/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|executeQuery)$/';
/** How every Kysely query runs, however it was built (a helper variable, a store's builder). */
const QUERY_RUN = '/^(execute|executeTakeFirst|executeTakeFirstOrThrow|stream)$/';
/** Transactions and pinned connections: a feature runs one through the store's inTransaction. */
const TRANSACTION = '/^(transaction|startTransaction|connection)$/';

export const noInlineQueries = [
  {
    selector: `MemberExpression[property.name=${QUERY_START}]`,
    message: MESSAGE,
  },
  {
    selector: `MemberExpression[computed=true][property.value=${QUERY_START}]`,
    message: MESSAGE,
  },
  {
    selector: `ObjectPattern > Property[key.name=${QUERY_START}]`,
    message: MESSAGE,
  },
  {
    selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=${QUERY_RUN}]`,
    message: MESSAGE,
  },
  {
    selector:
      "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name=/^(sql|CompiledQuery)$/]",
    message: `raw SQL (kysely's sql tag, a CompiledQuery) belongs in a store module; ${MESSAGE}`,
  },
  {
    selector: "TaggedTemplateExpression:matches([tag.name='sql'], [tag.property.name='sql'])",
    message: `raw SQL (kysely's sql tag, a CompiledQuery) belongs in a store module; ${MESSAGE}`,
  },
  {
    selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=${TRANSACTION}]`,
    message:
      'a feature runs a transaction through inTransaction(db, work) from the store (docs/decisions/0014); the statements inside are store calls',
  },
];
