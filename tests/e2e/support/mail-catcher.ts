import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

type Caught = { to: string[]; raw: string };

/** Undo quoted-printable (soft line breaks and =XX bytes) so links read whole. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A real SMTP peer on loopback that keeps what the server sends, for browser journeys. */
export async function startMailCatcher() {
  const caught: Caught[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        caught.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    count: (to: string) => caught.filter((mail) => mail.to.includes(to.toLowerCase())).length,
    /** The first link of the newest mail to `to` (after `skip` earlier ones), waiting up to 10 s. */
    async link(to: string, { after = 0 }: { after?: number } = {}): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const mails = caught.filter((mail) => mail.to.includes(to.toLowerCase()));
        if (mails.length > after) {
          const text = decodeQuotedPrintable(mails.at(-1)!.raw);
          const link = /https?:\/\/[^\s"<>]+/.exec(text)?.[0];
          if (link) return link.replace(/&amp;/g, "&");
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail with a link to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
