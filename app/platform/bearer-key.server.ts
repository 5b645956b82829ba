import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** `Authorization: Bearer <key>` against an operator's key, in constant time. */
export function presentsKey(expected: string, authorization: string | undefined): boolean {
  const presented = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "")?.[1] ?? "";
  // Hashes of both have one length, so the comparison takes as long whatever was sent.
  return timingSafeEqual(digest(expected), digest(presented)) && presented !== "";
}
