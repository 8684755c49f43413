// Engine errors that callers act on, recognised the same way on both engines.

/** PostgreSQL cancelled the statement at statement_timeout (57014, query_canceled). */
export function isStatementTimeout(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014'
  );
}

/** A unique or primary-key constraint refused the write (SQLite or PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
