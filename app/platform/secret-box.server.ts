import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { createContext } from "react-router";

/**
 * Seals short strings (an account's payment keys) for storage: AES-256-GCM with a key derived
 * by HKDF-SHA256 from the server's auth secret, a fresh 96-bit nonce per seal, and a context
 * (what the value is and whose) bound as associated data, so a sealed value copied to another
 * row or account does not open there.
 *
 * Format: `v1.<nonce>.<ciphertext>.<tag>`, each part base64url. A later version adds its own
 * prefix; `open` refuses what it does not know, anything altered, and another context.
 */
export type SecretBox = {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
  /**
   * A short proof that this server wrote `value` for `context` (HMAC-SHA256, its own key): a
   * link or a form field carries it instead of a stored token.
   */
  sign(value: string, context: string): string;
  /** Whether `signature` is `sign(value, context)`, compared in constant time. */
  verify(value: string, context: string, signature: string): boolean;
};

/** The server's secret box, for the loaders and actions that sign or open values. */
export const secretBoxContext = createContext<SecretBox>();

/** A sealed value that could not be opened: altered, another context, or another secret. */
export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SALT = "lyceum/secret-box";

function deriveKey(authSecret: string, version: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, SALT, `${version}/aes-256-gcm`, 32));
}

const b64 = (bytes: Buffer) => bytes.toString("base64url");
const base64url = /^[A-Za-z0-9_-]*$/;

function unb64(part: string): Buffer {
  if (!base64url.test(part)) throw new SecretBoxError("not a sealed value");
  return Buffer.from(part, "base64url");
}

export function createSecretBox(authSecret: string): SecretBox {
  if (authSecret.length < 16) throw new Error("the secret box needs a secret of 16+ characters");
  const key = deriveKey(authSecret, VERSION);
  // A key object, imported once: a campaign signs every recipient's links with it.
  const signingKey = createSecretKey(
    Buffer.from(hkdfSync("sha256", authSecret, SALT, "v1/hmac-sha256", 32)),
  );
  const sign = (value: string, context: string) =>
    createHmac("sha256", signingKey).update(`${context}\n${value}`).digest("base64url");
  return {
    sign,
    verify(value, context, signature) {
      const expected = Buffer.from(sign(value, context));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    seal(plain, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, b64(nonce), b64(body), b64(cipher.getAuthTag())].join(".");
    },
    open(sealed, context) {
      const parts = sealed.split(".");
      if (parts.length !== 4 || parts[0] !== VERSION)
        throw new SecretBoxError("not a sealed value of a known version");
      const nonce = unb64(parts[1]!);
      const body = unb64(parts[2]!);
      const tag = unb64(parts[3]!);
      if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES)
        throw new SecretBoxError("not a sealed value");
      const decipher = createDecipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretBoxError("the sealed value was altered or sealed elsewhere");
      }
    },
  };
}
