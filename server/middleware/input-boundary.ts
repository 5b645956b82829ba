import { createMiddleware } from "hono/factory";
import { MAX_AVATAR_BYTES } from "~/features/members/members.server";
import { MAX_LOGO_BYTES } from "~/features/header/header";
import { MAX_MEDIA_REQUEST_BYTES, MEDIA_UPLOAD_PATH } from "~/features/media/media";
import { ANSWER_FILE_REQUEST_BYTES, answerFileUploadPath } from "~/features/quizzes/quizzes";
import { TICKET_REQUEST_BYTES, ticketUploadPath } from "~/features/tickets/tickets.server";
import {
  campaignFormPaths,
  MAIL_FEEDBACK_MAX_BYTES,
  MAIL_FEEDBACK_PATH,
  mailRelayPath,
  SNS_RELAY_PATH,
} from "~/features/campaigns/api.server";
import { AppError } from "~/platform/errors";
import { CONTACTS_IMPORT_REQUEST_BYTES, CONTACTS_SCREEN_PATH } from "~/features/contacts/contacts";
import {
  checkFormData,
  checkJsonBody,
  checkJsonDocument,
  checkPath,
  checkUrlEncoded,
  decodeUtf8,
  type InputFault,
} from "~/platform/input-check";
import type { AppEnv } from "../app-env";

const KB = 1024;
/** An option is a few KB of settings; the demo's largest (header with menus) is far below this. */
export const OPTION_BODY_LIMIT = 32 * KB;
export const DEFAULT_BODY_LIMIT = 64 * KB;
const UPLOAD_SLACK = 64 * KB;

/** The most a request to this path may send (uploads are the only large bodies). */
export function bodyLimitFor(path: string): number {
  if (path === "/api/account/avatar") return MAX_AVATAR_BYTES + UPLOAD_SLACK;
  if (path === "/api/account/branding/logo") return MAX_LOGO_BYTES + UPLOAD_SLACK;
  if (path === MEDIA_UPLOAD_PATH) return MAX_MEDIA_REQUEST_BYTES;
  if (answerFileUploadPath.test(path)) return ANSWER_FILE_REQUEST_BYTES;
  if (ticketUploadPath.test(path)) return TICKET_REQUEST_BYTES;
  if (path === CONTACTS_SCREEN_PATH) return CONTACTS_IMPORT_REQUEST_BYTES;
  if (path === MAIL_FEEDBACK_PATH || mailRelayPath.test(path)) return MAIL_FEEDBACK_MAX_BYTES;
  if (path.startsWith("/api/site/options/") || path === "/api/account/branding")
    return OPTION_BODY_LIMIT;
  if (/^\/dashboard\/manage\/site(\/|$)/.test(path)) return OPTION_BODY_LIMIT;
  return DEFAULT_BODY_LIMIT;
}

/** The body, read up to `limit` bytes whatever Content-Length claims; null if it is longer. */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The kinds of body a route reads; what the input rule checks a body as follows from it. */
export type BodyKind = "json" | "form" | "multipart" | "text" | "mail" | "octets";

/** Beacons (`navigator.sendBeacon`) send their JSON as text/plain, so these read either. */
const beaconPaths = new Set(["/api/analytics/collect", "/api/funnel/start", "/api/log"]);

/**
 * What an API route accepts as its body (decision 043): JSON unless it says otherwise. Checked
 * here, once, because a handler reads its body by what it expects, not by what the request
 * declares: a JSON route handed a form body would parse text the rule checked as a form.
 */
export function bodyKindsFor(path: string): readonly BodyKind[] {
  // Streamed by busboy, which reads multipart only.
  if (path === MEDIA_UPLOAD_PATH) return ["multipart"];
  // Read with Request.formData(), which reads a urlencoded form too (the ticket forms post one
  // when no file is attached; the others then answer that no file came).
  if (
    path === "/api/account/avatar" ||
    path === "/api/account/branding/logo" ||
    answerFileUploadPath.test(path) ||
    ticketUploadPath.test(path)
  )
    return ["multipart", "form"];
  if (beaconPaths.has(path)) return ["json", "text"];
  // RFC 8058: a one-click unsubscribe is posted as either kind of form.
  if (campaignFormPaths.test(path)) return ["form", "multipart"];
  // A bounce or complaint mail, raw, as an MTA's pipe or a relay posts it.
  if (path === MAIL_FEEDBACK_PATH) return ["mail", "text", "octets"];
  // A relay's webhook: JSON, which Amazon SNS posts as text/plain.
  if (path === SNS_RELAY_PATH) return ["json", "text"];
  // better-auth reads a body by its declared type, and a provider's form_post callback is a form.
  if (path.startsWith("/api/auth/")) return ["json", "form"];
  return ["json"];
}

/** The kind of body a request declares; null for a type no route reads (or none at all). */
function declaredKind(type: string): BodyKind | null {
  if (type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type)) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  if (type === "text/plain") return "text";
  if (type === "message/rfc822") return "mail";
  if (type === "application/octet-stream") return "octets";
  return null;
}

async function checkBody(request: Request, body: Uint8Array<ArrayBuffer>, path: string) {
  if (body.byteLength === 0) return null;
  // A raw mail is bytes in any charset (8BITMIME): its route reads it with a MIME parser and
  // cleans each value it keeps (features/campaigns/feedback-reports.server.ts).
  if (path === MAIL_FEEDBACK_PATH) return null;
  // A relay's batch of events is a JSON array (SendGrid's), signed as sent.
  if (mailRelayPath.test(path)) return checkJsonDocument(body);
  const type = mediaType(request);
  if (type === "multipart/form-data") {
    const form = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type")! },
      body,
    })
      .formData()
      .catch(() => null);
    return form ? checkFormData(form) : ({ kind: "syntax", where: "body" } as InputFault);
  }
  if (type === "application/x-www-form-urlencoded") {
    const text = decodeUtf8(body);
    return text === null ? { kind: "encoding", where: "body" } : checkUrlEncoded(text, "body");
  }
  // An API route that takes text/plain (a beacon) parses it as JSON.
  if (type === "application/json" || type.endsWith("+json") || path.startsWith("/api/"))
    return checkJsonBody(body);
  const text = decodeUtf8(body);
  if (text === null) return { kind: "encoding", where: "body" } as InputFault;
  return text.includes("\u0000") ? ({ kind: "nul", where: "body" } as InputFault) : null;
}

function refuseUnexpectedKind(request: Request, path: string) {
  if (!path.startsWith("/api/")) return;
  const kind = declaredKind(mediaType(request));
  if (!kind || !bodyKindsFor(path).includes(kind))
    throw new AppError({ code: "request.unsupportedMediaType" });
}

/**
 * Every request's path, query and body pass the input rule (app/platform/input-check.ts)
 * before anything reads them: 400 `request.malformed` naming where, 413 past the route's size,
 * or 415 for an API body of a kind its route does not read. The body is read once, here, and
 * handed on as bytes.
 */
export function inputBoundary() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const fault = checkPath(url.pathname) ?? checkUrlEncoded(url.search.slice(1), "query");
    if (fault) throw new AppError({ code: "request.malformed", details: fault });

    const request = c.req.raw;
    if (!request.body) return next();
    const limit = bodyLimitFor(url.pathname);
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > limit) throw new AppError({ code: "request.tooLarge" });
    // The media upload streams its files to disk (busboy) and checks its few text fields itself:
    // read here, a 20 MB video would sit in memory whole.
    if (url.pathname === MEDIA_UPLOAD_PATH) {
      refuseUnexpectedKind(request, url.pathname);
      return next();
    }
    const body = await readBody(request, limit);
    if (body === null) throw new AppError({ code: "request.tooLarge" });
    // An empty body has no type to judge (a DELETE, a POST with nothing to say).
    if (body.byteLength) refuseUnexpectedKind(request, url.pathname);
    const bodyFault = await checkBody(request, body, url.pathname);
    if (bodyFault) throw new AppError({ code: "request.malformed", details: bodyFault });
    c.req.raw = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: body.byteLength ? body : null,
      signal: request.signal,
    });
    await next();
  });
}
