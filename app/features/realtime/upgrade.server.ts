import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { ErrorCode } from "~/platform/errors";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import type { realtimeLimits } from "./connection.server";

/** Whom an upgrade request is from, as the server's wiring established it. */
export type RealtimeIdentity = { account: AccountSummary; viewer: Viewer; sessionId: string };
export type Rejection = { status: number; code: ErrorCode; retryAfterSeconds?: number };
export type Authenticate = (request: IncomingMessage) => Promise<RealtimeIdentity | Rejection>;

/** Refuses an upgrade with a plain HTTP answer in the API's error shape. */
export function reject(socket: Duplex, { status, code, retryAfterSeconds }: Rejection) {
  const body = JSON.stringify({ error: { code } });
  const retryAfter = retryAfterSeconds === undefined ? "" : `Retry-After: ${retryAfterSeconds}\r\n`;
  socket.end(
    `HTTP/1.1 ${status} ${code}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `${retryAfter}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Who may open a socket: the address's cap comes before any work, the person's budget once we
 * know who it is, so people sharing an address (an office, a proxy) do not spend each other's.
 * Both count in the shared limiter store (decision 039).
 */
export function createUpgradeAdmission(
  rateLimits: RateLimits,
  limits: Pick<typeof realtimeLimits, "upgradePerAddress" | "upgradePerPerson">,
) {
  const perAddress = rateLimits.create("realtime-upgrade-address", limits.upgradePerAddress);
  const perPerson = rateLimits.create("realtime-upgrade-person", limits.upgradePerPerson);
  const tooMany = (retryAfterSeconds: number): Rejection => ({
    status: 429,
    code: "request.tooMany",
    retryAfterSeconds,
  });
  return async function admit(
    request: IncomingMessage,
    authenticate: Authenticate,
    clientAddress: string,
  ): Promise<RealtimeIdentity | Rejection> {
    const byAddress = await perAddress.hit(addressKey(clientAddress));
    if (!byAddress.allowed) return tooMany(byAddress.retryAfterSeconds);
    const identity = await authenticate(request);
    if ("status" in identity) return identity;
    const byPerson = await perPerson.hit(`user:${identity.viewer.user.id}`);
    return byPerson.allowed ? identity : tooMany(byPerson.retryAfterSeconds);
  };
}
