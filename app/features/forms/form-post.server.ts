import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import type { SecretBox } from "~/platform/secret-box.server";
import { submitForm, type JobSender, type Submitted } from "./form-answers.server";
import { countryCodes } from "./form-render.server";
import type { FormValues } from "./components/public-form";
import type { PublicForm } from "./form-shapes";

/** A person sends a form a few times at most; a robot on one address, far more. */
export const formAnswerLimiter = (rateLimits: RateLimits) =>
  rateLimits.create("form-answers", { points: 10, duration: 600 });

const MAX_POSTED_FIELDS = 100;

/**
 * The posted body as values by name (repeated names as lists). Anything but a form body is
 * refused (415), as is a body with more fields than any form has.
 */
export async function postedAnswers(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type))
    throw new AppError({ code: "request.unsupportedMediaType" });
  const body = await request.formData().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
  const raw: Record<string, string | string[]> = {};
  let fields = 0;
  for (const [name, value] of body) {
    if (++fields > MAX_POSTED_FIELDS) throw new AppError({ code: "request.invalid" });
    if (typeof value !== "string") continue;
    const before = raw[name];
    raw[name] = before === undefined ? value : [...[before].flat(), value];
  }
  return raw;
}

/**
 * The page the form was sent from, as the browser says (same-origin posts carry the whole
 * address): where the campaign's `utm_*` values are, whatever copy of the page was served.
 */
function sendingPage(request: Request): URL | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === new URL(request.url).host ? url : null;
  } catch {
    return null;
  }
}

export type PostOutcome =
  | {
      kind: "done";
      location: string;
      popupId: string | null;
      /** The page it was sent from (a funnel's opt-in step leads on from there). */
      page: string;
    }
  | {
      kind: "again";
      status: number;
      alert: "closed" | "stamp" | "answers";
      values: FormValues;
      issues: Extract<Submitted, { reason: "answers" }>["issues"];
    };

/**
 * A visitor sends `form`: counted against their address, checked and kept (submitForm). Done,
 * they go to the form's redirect or back to its page saying so (`?sent=1`, `?sent=confirm`
 * when a link was mailed); otherwise the page shows the form again with what was wrong.
 */
export async function postForm(
  deps: { database: Database; secretBox: SecretBox; jobs: JobSender; rateLimits: RateLimits },
  {
    accountId,
    form,
    request,
    clientIp,
    linkOrigin,
  }: {
    accountId: string;
    form: PublicForm;
    request: Request;
    clientIp: string;
    linkOrigin?: string;
  },
): Promise<PostOutcome> {
  const raw = await postedAnswers(request);
  await formAnswerLimiter(deps.rateLimits).take(
    `${accountId}:${addressKey(clientIp)}`,
    "request.tooMany",
  );
  const from = sendingPage(request);
  for (const field of form.fields) {
    if (field.type !== "hidden" || field.hiddenSource === "fixed") continue;
    raw[field.name] =
      field.hiddenSource === "page"
        ? (from?.pathname ?? "")
        : (from?.searchParams.get(field.hiddenSource) ?? "").slice(0, 200);
  }
  const page =
    from?.pathname ?? (typeof raw._page === "string" && raw._page.startsWith("/") ? raw._page : "");
  const answer = await submitForm(deps, {
    accountId,
    formId: form.id,
    raw,
    visit: {
      pageUrl: page.slice(0, 500),
      ip: clientIp,
      userAgent: (request.headers.get("user-agent") ?? "").slice(0, 500),
    },
    countryCodes: await countryCodes(),
    linkOrigin,
  });
  const popup = typeof raw._popup === "string" ? raw._popup : "";
  if (answer.ok)
    return {
      kind: "done",
      // A popup's form: counted as its conversion by the route (popups know their table).
      popupId: /^[0-9a-f-]{36}$/i.test(popup) ? popup : null,
      page,
      location:
        answer.redirectUrl ||
        `/form/${form.slug}?sent=${answer.confirmBy === "mail" ? "confirm" : "1"}`,
    };
  const values: FormValues = {};
  for (const field of form.fields) {
    const given = raw[field.name];
    if (field.type === "checkbox" || field.type === "consent")
      values[field.name] = given !== undefined;
    else if (typeof given === "string") values[field.name] = given.slice(0, 5000);
  }
  return {
    kind: "again",
    status: answer.reason === "closed" ? 409 : 400,
    alert: answer.reason,
    values,
    issues: answer.reason === "answers" ? answer.issues : [],
  };
}
