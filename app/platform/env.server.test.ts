import { describe, expect, test } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("environment", () => {
  test("defaults give a working local setup", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, BASE_DOMAIN: "localhost", DATA_DIR: "./data" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SUPER_ADMIN_EMAILS).toEqual([]);
    expect(env).toMatchObject({ CAMPAIGN_LEASE_SECONDS: 30, JOBS_SUPERVISE_SECONDS: 60 });
  });

  test("I37 the demo is seeded by default, but not in production unless asked", () => {
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: "test" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: "production" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(() => parseEnv({ SEED_DEMO: "yes" })).toThrow(/SEED_DEMO/);
  });

  test("values are parsed and normalised", () => {
    const env = parseEnv({
      PORT: "8080",
      BASE_DOMAIN: "Lyceum.Example.com",
      SUPER_ADMIN_EMAILS: "Ann@Example.com, bob@example.org",
      DATABASE_URL: "postgres://u:p@db:5432/lyceum",
      SMTP_URL: "",
    });
    expect(env.PORT).toBe(8080);
    expect(env.BASE_DOMAIN).toBe("lyceum.example.com");
    expect(env.SUPER_ADMIN_EMAILS).toEqual(["ann@example.com", "bob@example.org"]);
    expect(env.SMTP_URL).toBeUndefined();
  });

  test.each([
    ["PORT", { PORT: "http" }],
    ["PORT", { PORT: "70000" }],
    ["BASE_DOMAIN", { BASE_DOMAIN: "not a domain" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x/y" }],
    ["SUPER_ADMIN_EMAILS", { SUPER_ADMIN_EMAILS: "root" }],
    ["AUTH_SECRET", { NODE_ENV: "production", DATABASE_URL: "postgres://db/lyceum" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    // Shorter than a batch takes, a live sender could be taken over and its messages sent twice.
    ["CAMPAIGN_LEASE_SECONDS", { CAMPAIGN_LEASE_SECONDS: "4" }],
    // Longer than the dead run's job keeps being retried: the campaign would never finish.
    ["CAMPAIGN_LEASE_SECONDS", { CAMPAIGN_LEASE_SECONDS: "301" }],
    ["JOBS_SUPERVISE_SECONDS", { JOBS_SUPERVISE_SECONDS: "1" }],
  ])("a bad %s stops start-up with one line naming it", (name, source) => {
    let error: unknown;
    try {
      parseEnv(source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
    expect(message).not.toContain("\n");
  });

  test("a rejected secret is never echoed", () => {
    expect(() => parseEnv({ AUTH_SECRET: "short-secret-value" })).toThrow(/AUTH_SECRET/);
    expect(() => parseEnv({ AUTH_SECRET: "short-secret-value" })).not.toThrow(/short-secret-value/);
  });
});
