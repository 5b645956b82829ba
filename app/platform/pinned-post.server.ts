import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";

/**
 * POSTs `body` to `url`, connecting to `address` — the address that was checked — rather than
 * resolving the host again: between a check and a second lookup, a name can be pointed at a
 * private address (DNS rebinding). TLS still names the host (SNI and the certificate's check).
 * Answers the status; the answer's body is read and dropped. No redirect is followed.
 */
export function pinnedPost(
  url: URL,
  {
    address,
    headers,
    body,
    timeoutMs = 10_000,
  }: { address: string; headers: Record<string, string>; body: string; timeoutMs?: number },
): Promise<{ status: number }> {
  const family = isIP(address);
  if (family === 0) return Promise.reject(new Error(`not an address: ${address}`));
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: "POST",
        lookup,
        timeout: timeoutMs,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("webhook timed out")));
    request.on("error", reject);
    request.end(body);
  });
}
