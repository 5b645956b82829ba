/**
 * The constraint a unique violation (SQLSTATE 23505, on the error or on a wrapper's cause)
 * broke, "" when unnamed; null for any other error.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}
