import { createHmac } from "node:crypto";

const HASHED = "hmac:";

/** A backup code as stored: keyed hash, so a database dump does not reveal usable codes. */
export function hashBackupCode(secret: string, code: string): string {
  return HASHED + createHmac("sha256", secret).update(code.trim()).digest("hex");
}

/**
 * better-auth stores backup codes as one string through these two functions. We store only hashes
 * (it re-stores the remaining list after each use, so already-hashed entries are kept as they are);
 * the plain codes exist once, in the answer that shows them to the person.
 */
export function hashedBackupCodes(secret: string) {
  return {
    encrypt: async (json: string) =>
      JSON.stringify(
        (JSON.parse(json) as string[]).map((code) =>
          code.startsWith(HASHED) ? code : hashBackupCode(secret, code),
        ),
      ),
    decrypt: async (stored: string) => stored,
  };
}
