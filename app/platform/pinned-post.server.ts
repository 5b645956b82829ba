import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";

/** What a receiver answered: its status and the start of its body (for the sender's record). */
export type PinnedAnswer = { status: number; excerpt: string };

const EXCERPT_BYTES = 1024;

/**
 * POSTs `body` to `url`, connecting to `address` — the address that was checked — rather than
 * resolving the host again: between a check and a second lookup, a name can be pointed at a
 * private address (DNS rebinding). TLS still names the host (SNI and the certificate's check).
 * No redirect is followed. The whole call, answer included, has `timeoutMs`: a receiver that
 * answers a byte at a time cannot hold a worker. At most `maxBodyBytes` of the answer are read
 * (its first kilobyte kept), then the connection is closed.
 */
export function pinnedPost(
  url: URL,
  {
    address,
    headers,
    body,
    timeoutMs = 10_000,
    maxBodyBytes = 64 * 1024,
  }: {
    address: string;
    headers: Record<string, string>;
    body: string;
    timeoutMs?: number;
    maxBodyBytes?: number;
  },
): Promise<PinnedAnswer> {
  const family = isIP(address);
  if (family === 0) return Promise.reject(new Error(`not an address: ${address}`));
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const request = send(
      url,
      {
        method: "POST",
        lookup,
        timeout: timeoutMs,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const kept: Buffer[] = [];
        let read = 0;
        const answer = () => ({
          status,
          excerpt: Buffer.concat(kept).subarray(0, EXCERPT_BYTES).toString("utf8"),
        });
        response.on("data", (chunk: Buffer) => {
          if (read < EXCERPT_BYTES) kept.push(chunk.subarray(0, EXCERPT_BYTES - read));
          read += chunk.length;
          if (read >= maxBodyBytes) {
            settle(() => resolve(answer()));
            request.destroy();
          }
        });
        response.on("end", () => settle(() => resolve(answer())));
        response.on("error", (error) => settle(() => reject(error)));
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error("webhook timed out")), timeoutMs);
    request.on("timeout", () => request.destroy(new Error("webhook timed out")));
    request.on("error", (error) => settle(() => reject(error)));
    request.end(body);
  });
}
