import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readOutbox } from "~/platform/mail/mail.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createSmsSender } from "./sms.server";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase("pglite");
});
afterAll(() => db?.dispose());

test("a text goes to Twilio's Messages API with basic auth and form fields", async () => {
  const received: { path: string; authorization: string; body: string }[] = [];
  // A local stand-in speaking Twilio's documented protocol.
  const fake = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", authorization: req.headers.authorization ?? "", body });
      res
        .writeHead(201, { "content-type": "application/json" })
        .end(JSON.stringify({ sid: "SM123", status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const port = (fake.address() as AddressInfo).port;
  try {
    const sms = createSmsSender({
      database: db.database,
      twilio: {
        accountSid: "AC1",
        authToken: "secret",
        from: "+15550001111",
        apiUrl: `http://127.0.0.1:${port}`,
      },
    });
    await sms.send({ site: "demo.localhost", to: "+33612345678", text: "Your code is 123456" });
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe("/2010-04-01/Accounts/AC1/Messages.json");
    expect(received[0]!.authorization).toBe(
      `Basic ${Buffer.from("AC1:secret").toString("base64")}`,
    );
    expect(Object.fromEntries(new URLSearchParams(received[0]!.body))).toEqual({
      To: "+33612345678",
      From: "+15550001111",
      Body: "Your code is 123456",
    });
  } finally {
    fake.close();
  }
});

test("without Twilio, texts wait in the outbox", async () => {
  const sms = createSmsSender({ database: db.database });
  await sms.send({ site: "demo.localhost", to: "+33611111111", text: "Your code is 654321" });
  const [message] = await readOutbox(db.database, { to: "+33611111111" });
  expect(message).toMatchObject({
    subject: "SMS",
    textBody: "Your code is 654321",
    site: "demo.localhost",
  });
});
