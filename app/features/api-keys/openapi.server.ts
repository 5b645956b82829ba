import { z, type ZodType } from "zod";
import { apiRoutes, type ApiRoute } from "./route-registry.server";
import { apiScopes, scopeCapability } from "./scopes";

type JsonSchema = Record<string, unknown>;

/** A request schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client may send. */
function jsonSchemaOf(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  return rest;
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const pathParameters = (path: string) =>
  [...path.matchAll(/\{([a-zA-Z]+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string", format: "uuid" },
  }));

function queryParameters(schema: ZodType | undefined) {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
  }));
}

function operation(route: ApiRoute) {
  const responses: Record<string, unknown> = {
    [route.success]: {
      description: route.success === 201 ? "Made" : "OK",
      content: { "application/json": { schema: { type: "object" } } },
    },
    "400": errorResponse("The query or body was refused (`request.invalid`, with the fields)"),
    "401": errorResponse("No key, or one that is malformed, unknown, revoked or expired"),
    "403": errorResponse("The key lacks the scope, or its maker lacks the capability"),
    "429": errorResponse("Too many requests with this key (see Retry-After)"),
  };
  if (route.path.includes("{")) responses["404"] = errorResponse("No such item on this site");
  return {
    operationId: `${route.method}${route.path
      .replace(/^\/api/, "")
      .replace(/[{}]/g, "")
      .split(/[/.-]/)
      .filter(Boolean)
      .map((part) => part[0]!.toUpperCase() + part.slice(1))
      .join("")}`,
    summary: route.summary,
    tags: [route.tag],
    ...(route.scope ? { "x-scope": route.scope } : {}),
    parameters: [...pathParameters(route.path), ...queryParameters(route.query)],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(route.body) } },
          },
        }
      : {}),
    responses,
    // OpenAPI 3.1 lets a bearer requirement name the roles it needs: here, the scope.
    security: route.open ? [{}, { apiKey: [] }] : [{ apiKey: route.scope ? [route.scope] : [] }],
  };
}

let described: { paths: Record<string, Record<string, unknown>>; tags: string[] } | null = null;

/** Built once per process from the registry (no request changes it), then given each site's origin. */
function describeRoutes() {
  if (described) return described;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of apiRoutes) (paths[route.path] ??= {})[route.method] = operation(route);
  described = { paths, tags: [...new Set(apiRoutes.map((route) => route.tag))] };
  return described;
}

/** `GET /api/openapi.json`: this site's API as a key may use it (OpenAPI 3.1). */
export function openApiDocument({ origin, siteName }: { origin: string; siteName: string }) {
  const { paths, tags } = describeRoutes();
  const scopeList = apiScopes
    .map((scope) => `- \`${scope}\` (needs the maker's \`${scopeCapability[scope]}\`)`)
    .join("\n");
  return {
    openapi: "3.1.0",
    info: {
      title: `${siteName} API`,
      version: "1",
      description:
        "Call with `Authorization: Bearer lyk_…`, a key made by the site's owner under Site settings → API keys. " +
        "A key works on this site only, with only its scopes, and never beyond what its maker may do now.",
    },
    servers: [{ url: origin }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "lyk_ key",
          description: `A site's API key. Its scopes:\n${scopeList}`,
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: { code: { type: "string" }, message: { type: "string" } },
            },
          },
        },
      },
    },
  };
}
