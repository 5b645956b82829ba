// A self-signed X.509 certificate made here, without openssl or the network: for a test that
// plays a signer whose certificate the app fetches (Amazon SNS). DER is written by hand: the
// few types a certificate needs (RFC 5280 §4.1).
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
function integer(n: number): Buffer {
  const hex = n.toString(16);
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  // DER integers are signed: a leading 1 bit would make it negative.
  return tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split(".").map(Number);
  const out = [a! * 40 + b!];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}
const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`, "ascii"));
const name = (commonName: string) =>
  sequence(tlv(0x31, sequence(oid("2.5.4.3"), tlv(0x0c, Buffer.from(commonName, "utf8")))));

/** An RSA key pair and a self-signed certificate (PEM) for its public half, valid for `days`. */
export function selfSignedCertificate({
  commonName = "sns.amazonaws.com",
  from = new Date(Date.now() - 60_000),
  days = 2,
}: { commonName?: string; from?: Date; days?: number } = {}): {
  pem: string;
  privateKey: KeyObject;
} {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const sha256WithRsa = sequence(oid("1.2.840.113549.1.1.11"), Buffer.from([0x05, 0x00]));
  const to = new Date(from.getTime() + days * 86_400_000);
  const tbs = sequence(
    tlv(0xa0, integer(2)),
    integer(Math.floor(Math.random() * 0x7fffffff)),
    sha256WithRsa,
    name(commonName),
    sequence(utcTime(from), utcTime(to)),
    name(commonName),
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = createSign("sha256").update(tbs).sign(privateKey);
  const der = sequence(tbs, sha256WithRsa, tlv(0x03, Buffer.from([0]), signature));
  const lines = der
    .toString("base64")
    .match(/.{1,64}/g)!
    .join("\n");
  return { pem: `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`, privateKey };
}
