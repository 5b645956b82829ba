// The campaigns bench's mail sink, in a process of its own so that reading 50,000 messages
// does not take the sending server's (or the bench's) CPU time on the same event loop: a real
// SMTP server (`smtp-server`, as tests/support/smtp-sink.ts) on loopback that accepts every
// recipient, drains each message without keeping it, and counts messages, distinct recipients
// and bytes, with the wall-clock time (Date.now()) of the first and the last message.
// Started by bench/campaigns.ts with `fork`: it sends `{ port }` once listening and answers
// each `"count"` with its counts. Plain Node (built-ins and smtp-server only).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SinkCounts = {
  messages: number;
  recipients: number;
  bytes: number;
  firstAt: number | null;
  lastAt: number | null;
};

const counts: SinkCounts = { messages: 0, recipients: 0, bytes: 0, firstAt: null, lastAt: null };
const seen = new Set<string>();

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 10 * 1024 * 1024,
  maxClients: 200,
  onData(stream, session, callback) {
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
    stream.on("end", () => {
      const at = Date.now();
      counts.firstAt ??= at;
      counts.lastAt = at;
      counts.messages++;
      counts.bytes += bytes;
      for (const rcpt of session.envelope.rcptTo) seen.add(rcpt.address.toLowerCase());
      counts.recipients = seen.size;
      callback();
    });
  },
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.server.address() as AddressInfo;
  process.send?.({ port });
});

process.on("message", (message) => {
  if (message === "count") process.send?.({ counts });
  if (message === "close") server.close(() => process.exit(0));
});
// The bench ended without saying goodbye: nothing is left listening.
process.on("disconnect", () => process.exit(0));
