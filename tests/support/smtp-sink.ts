import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SunkMail = {
  to: string;
  messageId: string;
  raw: string;
  /** The envelope's sender (MAIL FROM), where bounces go. */
  mailFrom?: string;
  user?: string;
};

/**
 * A real SMTP server on loopback (the `smtp-server` package) for the campaigns engine: it
 * accepts, defers or rejects each recipient as `answer` says, and keeps what it accepted.
 * `answer` returns an SMTP code (421, 550…) to refuse a recipient, or nothing to take it.
 * With `auth`, it takes mail only from a client that signed in with that user and password
 * (AUTH PLAIN or LOGIN, without TLS), and notes the user of each mail.
 */
export async function startSmtpSink({
  answer = () => undefined,
  keepRaw = true,
  auth,
  delayMs = 0,
}: {
  answer?: (recipient: string, attempt: number) => number | undefined;
  keepRaw?: boolean;
  auth?: { user: string; pass: string };
  /**
   * A slow relay: each message is taken this long after its data arrived, and kept then even if
   * the sender has gone meanwhile (its "250 OK" lost, as a relay that queued it and lost the
   * connection would), so a sender killed mid-send has messages in flight.
   */
  delayMs?: number;
} = {}) {
  const accepted: SunkMail[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: Boolean(auth),
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.pass)
        return callback(null, { user: login.username });
      const error = new Error("Invalid username or password") as Error & { responseCode: number };
      error.responseCode = 535;
      callback(error);
    },
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    maxClients: 200,
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      const attempt = (attempts.get(recipient) ?? 0) + 1;
      attempts.set(recipient, attempt);
      const code = answer(recipient, attempt);
      if (!code) return callback();
      const error = new Error(code >= 500 ? "No such mailbox here" : "Try again later") as Error & {
        responseCode: number;
      };
      error.responseCode = code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^message-id:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "";
        for (const rcpt of session.envelope.rcptTo)
          accepted.push({
            to: rcpt.address.toLowerCase(),
            messageId,
            raw: keepRaw ? raw : "",
            ...(session.envelope.mailFrom ? { mailFrom: session.envelope.mailFrom.address } : {}),
            ...(typeof session.user === "string" ? { user: session.user } : {}),
          });
        callback();
      });
    },
  });
  // A sender killed mid-message resets its connection: smtp-server reports that as an error,
  // which would otherwise throw in the test's process.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    accepted,
    /** Recipients counted once per Message-ID, as a mailbox shows them. */
    distinct: () => new Set(accepted.map((mail) => `${mail.to} ${mail.messageId}`)).size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable (soft line breaks and =XX bytes) so links and headers read whole. */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_all, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    ),
    "latin1",
  ).toString("utf8");
}
