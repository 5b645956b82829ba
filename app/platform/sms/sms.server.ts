import type { Database } from "~/platform/db/database.server";
import { mailOutbox } from "~/platform/mail/tables.server";

export type TextMessage = { site: string; to: string; text: string };
export type SmsSender = {
  send(message: TextMessage): Promise<void>;
  transport: "twilio" | "outbox";
};

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
};

/**
 * Text messages: Twilio's Messages API when configured; otherwise they wait in the outbox with
 * the mail (subject "SMS"), readable by super-admins. Never logs the text: it holds codes.
 */
export function createSmsSender({
  twilio,
  database,
}: {
  twilio?: TwilioSettings;
  database: Database;
}): SmsSender {
  if (twilio) {
    const endpoint = `${twilio.apiUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
    const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString("base64")}`;
    return {
      transport: "twilio",
      async send({ to, text }) {
        const response = await fetch(endpoint, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ To: to, From: twilio.from, Body: text }),
        });
        if (!response.ok) throw new Error(`Twilio answered ${response.status}`);
      },
    };
  }
  return {
    transport: "outbox",
    async send({ site, to, text }) {
      await database.owner
        .insert(mailOutbox)
        .values({ site, toAddress: to, subject: "SMS", textBody: text, htmlBody: "" });
    },
  };
}
