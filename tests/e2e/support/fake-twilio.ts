import http from "node:http";
import type { AddressInfo } from "node:net";

/** A local stand-in for Twilio's Messages API: keeps every text the server sends. */
export async function startFakeTwilio() {
  const texts: { to: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      texts.push({ to: form.get("To") ?? "", body: form.get("Body") ?? "" });
      res
        .writeHead(201, { "content-type": "application/json" })
        .end(JSON.stringify({ sid: `SM${texts.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    env: {
      TWILIO_ACCOUNT_SID: "AC-e2e",
      TWILIO_AUTH_TOKEN: "e2e-token",
      TWILIO_FROM: "+15550000000",
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
    },
    count: (to: string) => texts.filter((t) => t.to === to).length,
    /** The 6-digit code in the newest text to a number once it has more than `after`, waiting up to 10 s. */
    async code(to: string, { after = 0 }: { after?: number } = {}): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const mine = texts.filter((t) => t.to === to);
        const text = mine.length > after ? mine.at(-1) : undefined;
        const code = text && /\b(\d{6})\b/.exec(text.body)?.[1];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no text to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
