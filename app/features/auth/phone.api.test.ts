import { describe, expect, test } from "vitest";
import { readOutbox } from "~/platform/mail/mail.server";
import { createClient } from "../../../tests/support/http-client";
import { logicBackends } from "../../../tests/support/test-database";
import { useTestSite } from "../../../tests/support/test-server";

const password = "Saffron-Glacier-Orbit-27";
let n = 0;
const ip = () => `10.40.0.${++n}`;
const phone = () => `+3361${String(Date.now()).slice(-6)}${String(n++).padStart(2, "0")}`;

describe.each(logicBackends)("A1 phone and password on %s", (backend) => {
  const site = useTestSite(backend);

  /** The code in the newest text to a number (texts wait in the outbox without Twilio). */
  async function codeSentTo(number: string): Promise<string> {
    for (let i = 0; i < 30; i++) {
      const [text] = await readOutbox(site.db.database, { to: number });
      const code = text && /\b(\d{6})\b/.exec(text.textBody)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code sent to ${number}`);
  }

  test("A1 sign up with a phone: a texted code creates the member, who then signs in with phone and password", async () => {
    const number = phone();
    const browser = createClient(site.app, { host: "demo.localhost", ip: ip() });
    const started = await browser.post("/api/account/sign-up-phone", {
      name: "Grace Hopper",
      phone: number,
      password,
    });
    expect(started.status).toBe(202);
    expect(await started.json()).toEqual({ status: "verify_phone" });

    const wrong = await browser.post("/api/account/sign-up-phone/verify", {
      phone: number,
      code: "000000",
    });
    expect(wrong.status).toBe(400);
    const done = await browser.post("/api/account/sign-up-phone/verify", {
      phone: number,
      code: await codeSentTo(number),
    });
    expect(done.status).toBe(200);
    const me = await (await browser.request("/api/account/me")).json();
    expect(me.user.name).toBe("Grace Hopper");
    expect(me.membership).toMatchObject({ name: "Grace Hopper", role: "student" });

    const later = createClient(site.app, { host: "demo.localhost", ip: ip() });
    expect(
      (
        await later.post("/api/auth/sign-in/phone-number", {
          phoneNumber: number,
          password: "Wrong-Password-42",
        })
      ).status,
    ).toBe(401);
    expect(
      (await later.post("/api/auth/sign-in/phone-number", { phoneNumber: number, password }))
        .status,
    ).toBe(200);
    expect((await later.request("/api/account/me")).status).toBe(200);
  });

  test("A11 a known number with a wrong password gets the same answer as a new number", async () => {
    const number = phone();
    const first = createClient(site.app, { host: "demo.localhost", ip: ip() });
    await first.post("/api/account/sign-up-phone", { name: "Known", phone: number, password });
    await first.post("/api/account/sign-up-phone/verify", {
      phone: number,
      code: await codeSentTo(number),
    });
    const known = await createClient(site.app, { host: "demo.localhost", ip: ip() }).post(
      "/api/account/sign-up-phone",
      {
        name: "X",
        phone: number,
        password: "Another-Strong-Pass-77",
      },
    );
    const unknown = await createClient(site.app, { host: "demo.localhost", ip: ip() }).post(
      "/api/account/sign-up-phone",
      {
        name: "X",
        phone: phone(),
        password: "Another-Strong-Pass-77",
      },
    );
    expect([known.status, await known.json()]).toEqual([unknown.status, await unknown.json()]);
  });

  test("A1 a number not in international form is refused", async () => {
    const res = await createClient(site.app, { host: "demo.localhost", ip: ip() }).post(
      "/api/account/sign-up-phone",
      {
        name: "X",
        phone: "0612345678",
        password,
      },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.details[0].path).toBe("phone");
  });
});

describe.each(logicBackends)("A2 password recovery by text on %s", (backend) => {
  const site = useTestSite(backend);

  async function newestCode(number: string, after: number): Promise<string> {
    for (let i = 0; i < 30; i++) {
      const texts = await readOutbox(site.db.database, { to: number });
      const code = texts.length > after ? /\b(\d{6})\b/.exec(texts[0]!.textBody)?.[1] : undefined;
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no new code for ${number}`);
  }

  test("A2 a texted code resets the password; the policy applies; other sessions end", async () => {
    const number = phone();
    const browser = createClient(site.app, { host: "demo.localhost", ip: ip() });
    await browser.post("/api/account/sign-up-phone", { name: "Ada", phone: number, password });
    await browser.post("/api/account/sign-up-phone/verify", {
      phone: number,
      code: await newestCode(number, 0),
    });
    expect((await browser.request("/api/account/me")).status).toBe(200);

    const stranger = createClient(site.app, { host: "demo.localhost", ip: ip() });
    expect(
      (
        await stranger.post("/api/auth/phone-number/request-password-reset", {
          phoneNumber: number,
        })
      ).status,
    ).toBe(200);
    const code = await newestCode(number, 1);
    const weak = await stranger.post("/api/auth/phone-number/reset-password", {
      phoneNumber: number,
      otp: code,
      newPassword: "password1234",
    });
    expect(weak.status).toBe(400);
    const newPassword = "Lantern-Quarry-Violet-45";
    expect(
      (
        await stranger.post("/api/auth/phone-number/reset-password", {
          phoneNumber: number,
          otp: code,
          newPassword,
        })
      ).status,
    ).toBe(200);

    expect((await browser.request("/api/account/me")).status).toBe(401);
    const later = createClient(site.app, { host: "demo.localhost", ip: ip() });
    expect(
      (await later.post("/api/auth/sign-in/phone-number", { phoneNumber: number, password }))
        .status,
    ).toBe(401);
    expect(
      (
        await later.post("/api/auth/sign-in/phone-number", {
          phoneNumber: number,
          password: newPassword,
        })
      ).status,
    ).toBe(200);
  });
});
