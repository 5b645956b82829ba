// The campaigns bench's mail: the letter it sends, the SMTP sink it sends to (a child process,
// bench/smtp-sink-process.ts) and its peer in the same run: the same letter rendered,
// personalised and sent as the engine's SMTP transport sends it (a nodemailer pool with its
// options, the same fields) from this process, with no job, ledger or database. The engine's rate over the peer's is the share the rest of the engine
// (claims, settling in groups, the pacer, the job) leaves of what rendering and SMTP allow.
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createTransport } from "nodemailer";
import { campaignFrame } from "~/features/campaigns/campaigns.server";
import { compileCampaign } from "~/features/campaigns/campaign-render.server";
import { prepareMime } from "~/features/campaigns/campaign-mime.server";
import { fillMergeTags } from "~/features/campaigns/merge-tags";
import { recipientLinks } from "~/features/campaigns/recipient-links.server";
import { createSecretBox } from "~/platform/secret-box.server";
import type { SinkCounts } from "./smtp-sink-process.ts";

/** Heading, text with merge tags, button: what the owner saves (the engine adds the footer). */
export const benchLetter = {
  subject: "News for {{first_name | friend}} in {{city | your town}}",
  preheader: "What is new this month",
  blocks: [
    { type: "heading" as const, text: "Hello {{first_name | there}}" },
    {
      type: "text" as const,
      text: "Our new course opens next week in {{city | your town}} and online.\n\nWe wrote to {{email}} because you asked for our news.",
    },
    {
      type: "button" as const,
      label: "See the course",
      href: "https://example.com/course?from=mail",
    },
  ],
};

// Compiled while Vite's module runner loads this module: it is closed afterwards, and MJML is
// imported on first use (a dynamic import would then fail). nodemailer is imported above.
const compiled = await compileCampaign({
  ...benchLetter,
  frame: campaignFrame({ lang: "en", siteName: "Demo Academy" }),
});

export type Sink = Awaited<ReturnType<typeof startSink>>;

/** The sink child: its URL, its counts on demand, and its end. */
export async function startSink() {
  const child = fork(path.join(import.meta.dirname, "smtp-sink-process.ts"), [], {
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`bench: the SMTP sink exited (${code})`)));
  });
  const counts = () =>
    new Promise<SinkCounts>((resolve) => {
      child.once("message", (message) => resolve((message as { counts: SinkCounts }).counts));
      child.send("count");
    });
  const close = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.send("close");
    await exited;
  };
  return { child, url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, counts, close };
}

/**
 * The peer: `messages` letters, each with its own signed links and merge tags as the engine
 * makes them, over a pool of `connections` to a fresh sink. Messages per second, checked
 * against the sink's count.
 */
export async function transportPeer({
  connections,
  messages,
}: {
  connections: number;
  messages: number;
}): Promise<number> {
  const sink = await startSink();
  // As campaign-transport.server.ts's smtpTransport opens its pool.
  const pool = createTransport({
    url: sink.url,
    pool: true,
    maxConnections: connections,
    maxMessages: 1000,
  } as Parameters<typeof createTransport>[0]);
  try {
    const secretBox = createSecretBox("bench-peer-secret-0123456789abcdef");
    const campaignId = randomUUID();
    const origin = "http://demo.localhost:3000";
    const mime = prepareMime(compiled, { tracking: true });
    let next = 0;
    const began = performance.now();
    const worker = async () => {
      while (next < messages) {
        const n = next++;
        const contactId = randomUUID();
        const links = recipientLinks(secretBox, { origin, campaignId, contactId, tracking: true });
        const values = {
          email: `reader${n}@sink.example`,
          name: `Ada Reader${n}`,
          fields: { city: "Oslo" },
        };
        await pool.sendMail({
          from: '"Demo Academy" <no-reply@localhost>',
          to: values.email,
          subject: fillMergeTags(benchLetter.subject, values),
          // The bodies as the engine's relay sends them: encoded once, filled per recipient.
          ...(({ text, html }) => ({ text: { raw: text }, html: { raw: html } }))(
            mime(values, links),
          ),
          messageId: `<c.${campaignId}.${contactId}@demo.localhost>`,
          headers: {
            "List-Unsubscribe": `<${links.oneClick}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Feedback-ID": `${campaignId}:bench:lyceum`,
          },
        });
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    const seconds = (performance.now() - began) / 1000;
    const counts = await sink.counts();
    if (counts.messages !== messages)
      throw new Error(`bench: the peer sent ${messages}, the sink has ${counts.messages}`);
    return messages / seconds;
  } finally {
    pool.close();
    await sink.close();
  }
}
