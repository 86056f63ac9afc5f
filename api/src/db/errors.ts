// Constraint violations as both databases report them (PostgreSQL's SQLSTATE, better-sqlite3's
// extended result code), for the writes that meet them in normal use.

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A unique or primary key constraint refused the write (e.g. a second registration). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** A foreign key refused the write: the row it points to is gone (e.g. deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
