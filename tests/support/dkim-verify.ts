import { createHash, createVerify } from "node:crypto";

/**
 * A DKIM verifier of its own for the tests (RFC 6376, `c=relaxed/relaxed`, `a=rsa-sha256`),
 * written from the RFC rather than from the signer's code: it canonicalises the message as a
 * receiver does, checks the body hash and then the signature with the public key the DNS record
 * would hold. `raw` is the message as an SMTP server received it (CRLF line ends).
 */
export type DkimResult = {
  ok: boolean;
  /** The signature's tags (d, s, h, bh, …), whitespace taken out of their values. */
  tags: Record<string, string>;
  reason?: string;
};

type Field = { name: string; raw: string };

/** Header fields as received, each with its continuation lines. */
function headerFields(head: string): Field[] {
  const fields: Field[] = [];
  for (const line of head.split("\r\n")) {
    if (/^[ \t]/.test(line) && fields.length) fields[fields.length - 1]!.raw += `\r\n${line}`;
    else if (line) fields.push({ name: line.slice(0, line.indexOf(":")).trim(), raw: line });
  }
  return fields;
}

/** RFC 6376 3.4.2: lower-case name, unfolded value, runs of WSP as one SP, trimmed. */
function relaxedHeader(raw: string): string {
  const colon = raw.indexOf(":");
  const name = raw.slice(0, colon).trim().toLowerCase();
  const value = raw
    .slice(colon + 1)
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${name}:${value}`;
}

/** RFC 6376 3.4.4: WSP runs as one SP, none at line ends, no empty lines at the end. */
function relaxedBody(body: string): string {
  const lines = body.split("\r\n").map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines.length ? `${lines.join("\r\n")}\r\n` : "";
}

function tagsOf(value: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const part of value.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    tags[part.slice(0, at).replace(/\s+/g, "")] = part.slice(at + 1).replace(/\s+/g, "");
  }
  return tags;
}

export function verifyDkim(raw: string, publicKeyPem: string): DkimResult {
  const split = raw.indexOf("\r\n\r\n");
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split + 4);
  const fields = headerFields(head);
  const signature = fields.find((field) => field.name.toLowerCase() === "dkim-signature");
  if (!signature) return { ok: false, tags: {}, reason: "no DKIM-Signature" };
  const tags = tagsOf(signature.raw.slice(signature.raw.indexOf(":") + 1));
  if (tags.a !== "rsa-sha256" || tags.c !== "relaxed/relaxed")
    return { ok: false, tags, reason: `unexpected a=${tags.a} c=${tags.c}` };
  const bodyHash = createHash("sha256").update(relaxedBody(body), "latin1").digest("base64");
  if (bodyHash !== tags.bh) return { ok: false, tags, reason: "body hash mismatch" };
  // Each name of h= takes the next instance of that field from the bottom up (RFC 6376 5.4.2).
  const used = new Map<string, number>();
  const signed: string[] = [];
  for (const name of (tags.h ?? "").split(":").map((one) => one.toLowerCase())) {
    const instances = fields.filter(
      (field) => field.name.toLowerCase() === name && field !== signature,
    );
    const taken = used.get(name) ?? 0;
    const field = instances[instances.length - 1 - taken];
    used.set(name, taken + 1);
    if (field) signed.push(`${relaxedHeader(field.raw)}\r\n`);
  }
  // The signature's own field last, its b= emptied, without a line end.
  const unsigned = signature.raw.replace(/(^|;)([ \t\r\n]*b[ \t\r\n]*=)[^;]*/, "$1$2");
  const data = signed.join("") + relaxedHeader(unsigned);
  const verified = createVerify("RSA-SHA256")
    .update(data, "latin1")
    .verify(publicKeyPem, tags.b ?? "", "base64");
  return verified ? { ok: true, tags } : { ok: false, tags, reason: "signature does not verify" };
}
