import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { ErrorCode } from "~/platform/errors";

/** Whom an upgrade request is from, as the server's wiring established it. */
export type RealtimeIdentity = { account: AccountSummary; viewer: Viewer; sessionId: string };
export type Rejection = { status: number; code: ErrorCode };
export type Authenticate = (request: IncomingMessage) => Promise<RealtimeIdentity | Rejection>;

/** Refuses an upgrade with a plain HTTP answer in the API's error shape. */
export function reject(socket: Duplex, { status, code }: Rejection) {
  const body = JSON.stringify({ error: { code } });
  socket.end(
    `HTTP/1.1 ${status} ${code}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
