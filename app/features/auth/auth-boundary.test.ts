import { describe, expect, test } from "vitest";
import { AppError } from "~/platform/errors";
import { betterAuthRequest, withCatalogueError } from "./auth-boundary";

const site = "http://demo.localhost";
const headers = new Headers({ host: "demo.localhost" });

function post(path: string, body: string | null, type = "application/json") {
  return new Request(`${site}/api/auth${path}`, {
    method: "POST",
    headers: type ? { "content-type": type } : {},
    body,
  });
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  return error instanceof AppError ? error.code : error;
}

describe("A11 what better-auth is handed", () => {
  test("A11 a POST without a body reaches better-auth as an empty JSON object", async () => {
    for (const request of [post("/update-user", null), post("/sign-out", "", "")]) {
      const handed = await betterAuthRequest(request, { endpoint: "/sign-out", headers });
      expect(handed.headers.get("content-type")).toBe("application/json");
      expect(await handed.json()).toEqual({});
    }
    const form = post(
      "/sign-in/email",
      "email=a%40b.test&password=x",
      "application/x-www-form-urlencoded",
    );
    const handed = await betterAuthRequest(form, { endpoint: "/sign-in/email", headers });
    expect(await handed.json()).toEqual({ email: "a@b.test", password: "x" });
  });

  test("A11 redirect targets handed to better-auth are paths on this site", async () => {
    const verify = (callbackURL: string) =>
      betterAuthRequest(
        new Request(
          `${site}/api/auth/verify-email?token=t&callbackURL=${encodeURIComponent(callbackURL)}`,
        ),
        { endpoint: "/verify-email", headers },
      );
    for (const bad of [
      "񻄥b",
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "",
      "javascript:alert(1)",
    ])
      expect(await refusal(verify(bad)), bad).toBe("request.invalid");
    expect(new URL((await verify("/dashboard/profile")).url).searchParams.get("callbackURL")).toBe(
      "/dashboard/profile",
    );
    const body = post(
      "/request-password-reset",
      JSON.stringify({ email: "a@b.test", redirectTo: "//evil" }),
    );
    expect(
      await refusal(betterAuthRequest(body, { endpoint: "/request-password-reset", headers })),
    ).toBe("request.invalid");
  });

  test("A11 update-user changes only a name and a picture, each checked", async () => {
    const update = (body: unknown) =>
      betterAuthRequest(post("/update-user", JSON.stringify(body)), {
        endpoint: "/update-user",
        headers,
      });
    for (const bad of [
      { name: null },
      { name: "" },
      { name: "x".repeat(81) },
      { name: 12 },
      { image: true },
      { image: "javascript:alert(1)" },
      { emailVerified: true },
    ])
      expect(await refusal(update(bad)), JSON.stringify(bad)).toBe("request.invalid");
    const handed = await update({ name: "Ada", image: "/files/account-x/a.webp" });
    expect(await handed.json()).toEqual({ name: "Ada", image: "/files/account-x/a.webp" });
  });

  test("A11 better-auth's refusals carry a catalogue code beside its own", async () => {
    const own = await withCatalogueError(
      Response.json({ code: "INVALID_EMAIL", message: "Invalid email" }, { status: 400 }),
    );
    expect(await own.json()).toMatchObject({
      code: "INVALID_EMAIL",
      error: { code: "request.invalid" },
    });
    const empty = await withCatalogueError(new Response(null, { status: 401 }));
    expect(empty.headers.get("content-type")).toBe("application/json");
    expect(await empty.json()).toMatchObject({ error: { code: "not_authenticated" } });
    const locked = await withCatalogueError(
      Response.json({ code: "auth.accountLocked", retryAfter: 30 }, { status: 429 }),
    );
    expect(await locked.json()).toMatchObject({
      code: "auth.accountLocked",
      error: { code: "auth.accountLocked" },
    });
    const fine = Response.json({ ok: true });
    expect(await withCatalogueError(fine)).toBe(fine);
  });
});

test("I31-9 a wrong password answers one catalogue code, not better-auth's beside not_authenticated", async () => {
  for (const code of ["INVALID_EMAIL_OR_PASSWORD", "INVALID_PHONE_NUMBER_OR_PASSWORD"]) {
    const wrong = await withCatalogueError(
      Response.json({ code, message: "Invalid email or password" }, { status: 401 }),
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { code: "auth.invalidCredentials", message: "The e-mail or password is incorrect." },
    });
  }
});
