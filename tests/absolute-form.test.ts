import net from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount } from "./factories";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";

/** One raw HTTP/1.1 exchange, request line and headers exactly as given. */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Written, not ended: "Connection: close" makes the server end the exchange after answering.
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${head}\r\n\r\n`));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe.each(logicBackends)("A11 absolute-form request lines on %s", (backend) => {
  let db: TestDatabase;
  let server: Server;
  let port: number;
  let host: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { app } = await createTestAppWithPages(db.database);
    const account = await createAccount(db.database, {});
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as net.AddressInfo).port;
    host = `${account.slug}.localhost:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await db?.dispose();
  });

  test("A11 the request line's authority never reaches a page, a redirect or the page cache", async () => {
    for (const path of ["/", "/blog", "/login", "/dashboard", "/no-such-page"]) {
      const answer = await rawRequest(
        port,
        `GET http://evil.example${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close`,
      );
      expect(answer, path).toMatch(/^HTTP\/1\.1 (200|302|404)/);
      expect(answer.toLowerCase(), path).not.toContain("evil.example");
    }
    // The page it may have stored under that request is the host's, for the next visitor too.
    const next = await rawRequest(port, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close`);
    expect(next).toMatch(/^HTTP\/1\.1 200/);
    expect(next.toLowerCase()).not.toContain("evil.example");
    expect(next).toContain(host);
  });

  test("A11 a scheme in the request line does not make a plain connection https", async () => {
    const answer = await rawRequest(
      port,
      `GET https://${host}/dashboard HTTP/1.1\r\nHost: ${host}\r\nConnection: close`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 302/);
    expect(answer).not.toContain(`https://${host}`);
  });
});
