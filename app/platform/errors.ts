/**
 * Stable error codes (the error catalogue). Each maps to an i18n key under `errors.` and an HTTP
 * status. Client-safe: routes and components show the translated key, never internals.
 */
export const errorCatalogue = {
  "request.invalid": { status: 400, key: "errors.invalidRequest" },
  "request.tooLarge": { status: 413, key: "errors.tooLarge" },
  "request.tooMany": { status: 429, key: "errors.tooManyRequests" },
  /** Text with NUL or broken Unicode, a body that is not an object, or that does not parse. */
  "request.malformed": { status: 400, key: "errors.malformedRequest" },
  /** A state-changing request that did not come from this site's own pages (decision 017). */
  "request.crossSite": { status: 403, key: "errors.crossSite" },
  "analytics.accountMismatch": { status: 403, key: "errors.accountMismatch" },
  not_authenticated: { status: 401, key: "errors.notAuthenticated" },
  "auth.forbidden": { status: 403, key: "errors.forbidden" },
  "auth.weakPassword": { status: 400, key: "errors.weakPassword" },
  "auth.tooManyRequests": { status: 429, key: "errors.tooManyRequests" },
  "auth.accountLocked": { status: 429, key: "errors.accountLocked" },
  "auth.invalidCode": { status: 400, key: "errors.invalidCode" },
  "auth.emailInUse": { status: 409, key: "errors.emailInUse" },
  "auth.singleSession": { status: 401, key: "errors.singleSession" },
  "accounts.slugTaken": { status: 409, key: "errors.slugTaken" },
  "accounts.slugReserved": { status: 400, key: "errors.slugReserved" },
  "accounts.unknownPlan": { status: 400, key: "errors.unknownPlan" },
  "upload.invalidImage": { status: 400, key: "errors.invalidImage" },
  "media.notFound": { status: 404, key: "errors.mediaNotFound" },
  /** Every file of an upload was refused; the answer lists each one's reason. */
  "media.rejected": { status: 400, key: "errors.mediaRejected" },
  "media.inUse": { status: 409, key: "errors.mediaInUse" },
  "notifications.notFound": { status: 404, key: "errors.notificationNotFound" },
  "realtime.upgradeRequired": { status: 426, key: "errors.upgradeRequired" },
  /** A student action in a course the person has no live enrolment in. */
  "learning.notEnrolled": { status: 403, key: "errors.notEnrolled" },
  /** The plan's `courses` cap is reached: no course is added (new or duplicate). */
  "courses.limitReached": { status: 403, key: "errors.courseLimitReached" },
  /** A new attempt past the quiz's attempt limit. */
  "quiz.attemptLimit": { status: 409, key: "errors.quizAttemptLimit" },
  /** An answer saved after the attempt's deadline (the server's clock). */
  "quiz.deadlinePassed": { status: 409, key: "errors.quizDeadlinePassed" },
  /** An answer saved to an attempt already submitted. */
  "quiz.attemptClosed": { status: 409, key: "errors.quizAttemptClosed" },
  "quiz.noQuestions": { status: 409, key: "errors.quizNoQuestions" },
  /** A quiz deleted while a course's lesson still takes it. */
  "quiz.inUse": { status: 409, key: "errors.quizInUse" },
  /** An answer file whose content is not a type the question (or the safe allow-list) takes. */
  "quiz.fileType": { status: 415, key: "errors.quizFileType" },
  /** A certificate asked for before the course is completed. */
  "certificates.notCompleted": { status: 409, key: "errors.certificateNotCompleted" },
  /** The course gives no certificate, or the site's plan has no certificates add-on. */
  "certificates.notOffered": { status: 409, key: "errors.certificateNotOffered" },
  "route.notFound": { status: 404, key: "errors.pageNotFound" },
  "tenant.notFound": { status: 404, key: "errors.noSuchSite" },
  "server.unavailable": { status: 503, key: "errors.unavailable" },
  "server.internal": { status: 500, key: "errors.internal" },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor({
    code,
    status,
    details,
    cause,
  }: {
    code: ErrorCode;
    status?: number;
    details?: unknown;
    cause?: unknown;
  }) {
    super(code, { cause });
    this.code = code;
    this.status = status ?? errorCatalogue[code].status;
    this.details = details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
