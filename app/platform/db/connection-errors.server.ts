/** A database the server cannot use, said in one line with the fix; never the password. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

type DriverError = Error & { code?: string; errors?: DriverError[] };

/**
 * The one line an operator needs for a DATABASE_URL that does not work, or null for an error
 * that is not about reaching the database (a failed migration keeps its own message).
 * The codes are PostgreSQL's SQLSTATEs and Node's socket errors.
 */
export function explainDatabaseError(error: unknown, url: string): string | null {
  const err = error as DriverError;
  const code = err?.code ?? err?.errors?.find((inner) => inner.code)?.code;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  const host = target.hostname || "localhost";
  const port = target.port || "5432";
  const user = decodeURIComponent(target.username) || "(your user)";
  const name = decodeURIComponent(target.pathname.slice(1)) || user;
  const where = `PostgreSQL at ${host}:${port}`;
  switch (code) {
    case "ECONNREFUSED":
      return `${where} refused the connection: is it running? (pg_isready -h ${host} -p ${port}; on Debian: sudo pg_ctlcluster <version> main start)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `${where}: the host name ${host} does not resolve; check DATABASE_URL`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${where} did not answer (${code}): check the address and any firewall between`;
    case "3D000":
      return `${where} has no database "${name}": create it with \`createdb -h ${host} -p ${port} -U ${user} ${name}\` (or psql's CREATE DATABASE), owned by the role in DATABASE_URL`;
    case "28P01":
      return `${where} refused the password of role "${user}": check DATABASE_URL (a special character in a password is %-encoded)`;
    case "28000":
      return `${where} refused role "${user}": create it (\`createuser -h ${host} -p ${port} --pwprompt ${user}\`) or allow it in pg_hba.conf`;
    case "42501":
      return `Role "${user}" may not create what the migrations need in "${name}": make it the database's owner (ALTER DATABASE ${name} OWNER TO ${user})`;
    case "57P03":
      return `${where} is starting up or shutting down: try again in a moment`;
  }
  if (/does not support SSL/i.test(err?.message ?? "")) {
    return `${where} does not accept SSL: remove sslmode from DATABASE_URL or set sslmode=disable`;
  }
  return null;
}
