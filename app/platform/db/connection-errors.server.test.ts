import { describe, expect, test } from "vitest";
import { explainDatabaseError } from "./connection-errors.server";

const url = "postgresql://ann:s3cret%21@db.internal:6543/school";
const failure = (code: string) => Object.assign(new Error("driver says"), { code });

describe("I37 a database that cannot be used is explained in one line", () => {
  test.each([
    ["ECONNREFUSED", "PostgreSQL at db.internal:6543 refused the connection"],
    ["ENOTFOUND", "the host name db.internal does not resolve"],
    ["3D000", "createdb -h db.internal -p 6543 -U ann school"],
    ["28P01", 'refused the password of role "ann"'],
    ["28000", "createuser -h db.internal -p 6543 --pwprompt ann"],
    ["42501", "ALTER DATABASE school OWNER TO ann"],
  ])("%s", (code, advice) => {
    const line = explainDatabaseError(failure(code), url)!;
    expect(line).toContain(advice);
    expect(line).not.toContain("s3cret");
    expect(line).not.toContain("\n");
  });

  test("a refusal on every address (Node's AggregateError) is a refusal", () => {
    const error = new AggregateError([failure("ECONNREFUSED"), failure("ECONNREFUSED")]);
    expect(explainDatabaseError(error, url)).toContain("refused the connection");
  });

  test("anything else keeps its own message (a failed migration is not a connection problem)", () => {
    expect(explainDatabaseError(failure("42P07"), url)).toBeNull();
    expect(explainDatabaseError(new Error("boom"), url)).toBeNull();
  });
});
