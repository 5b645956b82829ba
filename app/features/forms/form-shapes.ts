import { z } from "zod";
import { fieldKeySchema, tagsSchema } from "~/features/contacts/contacts";
import { domainPattern, emailPattern, phonePattern, urlPattern } from "~/platform/patterns";
import { linkUrlSchema, plainTextSchema, slugSchema } from "~/platform/safe-value-schemas";

/*
 * M5 forms on both sides of the wire: what a form is made of (its fields and what happens after
 * a visitor sends it), what the owner's builder sends, and how one answer is checked. The same
 * checks run in the visitor's browser (as HTML attributes) and on the server (checkAnswers).
 */

export const formFieldTypes = [
  "text",
  "email",
  "phone",
  "textarea",
  "select",
  "radio",
  "checkbox",
  "country",
  "date",
  "hidden",
  "consent",
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

/**
 * Named patterns only (spec V1), never an owner's own regular expression: a visitor's text is
 * matched on the server, and a pattern typed by someone else could take it hours (ReDoS).
 */
export const fieldPatterns = {
  email: emailPattern,
  url: urlPattern,
  domain: domainPattern,
  phone: phonePattern,
  digits: /^\d+$/,
  letters: /^[\p{L}\p{M}' -]+$/u,
} as const;
export type FieldPattern = keyof typeof fieldPatterns;
export const fieldPatternNames = Object.keys(fieldPatterns) as FieldPattern[];

/** The hidden values a field may carry from the page's address (campaign tracking). */
export const hiddenSources = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "page",
  "fixed",
] as const;
export type HiddenSource = (typeof hiddenSources)[number];

const label = (max: number) =>
  plainTextSchema(max)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { params: { origin: "required" } });

const option = z.object({
  value: plainTextSchema(100)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { params: { origin: "required" } }),
  label: label(200),
});

export const formFieldSchema = z.object({
  /** What the answer is stored under; `email` and `name` also fill the contact's own. */
  name: fieldKeySchema,
  type: z.enum(formFieldTypes),
  /** The question; for a consent box, the very words the person agrees to. */
  label: label(1000),
  help: plainTextSchema(300).default(""),
  placeholder: plainTextSchema(120).default(""),
  required: z.boolean().default(false),
  pattern: z.enum(fieldPatternNames).or(z.literal("")).default(""),
  options: z.array(option).max(50).default([]),
  /** A hidden field's value: from the page's address (`utm_*`, `page`) or fixed text. */
  hiddenSource: z.enum(hiddenSources).default("fixed"),
  hiddenValue: plainTextSchema(200).default(""),
});
export type FormField = z.output<typeof formFieldSchema>;
export type FormFieldInput = z.input<typeof formFieldSchema>;

export const FORM_FIELDS_MAX = 30;
export const formStatuses = ["active", "closed"] as const;
export type FormStatus = (typeof formStatuses)[number];

/**
 * What the builder sends. Every form has one e-mail field (the contact's address); names are
 * unique; choices have options with unique values.
 */
export const formInputSchema = z
  .object({
    name: label(120),
    slug: slugSchema,
    status: z.enum(formStatuses).default("active"),
    fields: z.array(formFieldSchema).min(1).max(FORM_FIELDS_MAX),
    submitLabel: plainTextSchema(60).default(""),
    /** Shown after sending, unless `redirectUrl` sends the visitor on. */
    successMessage: plainTextSchema(1000).default(""),
    redirectUrl: z.union([z.literal(""), linkUrlSchema]).default(""),
    /** Tags every contact the form brings gets. */
    tags: tagsSchema.default([]),
    /** A contact is subscribed only once they follow the link sent to their address. */
    doubleOptIn: z.boolean().default(false),
  })
  .superRefine((form, context) => {
    const emails = form.fields.filter((field) => field.type === "email");
    if (emails.length !== 1)
      context.addIssue({ code: "custom", path: ["fields"], params: { origin: "oneEmail" } });
    const seen = new Set<string>();
    form.fields.forEach((field, index) => {
      if (seen.has(field.name))
        context.addIssue({
          code: "custom",
          path: ["fields", index, "name"],
          params: { origin: "duplicate" },
        });
      seen.add(field.name);
      if (isChoice(field.type) && field.options.length === 0)
        context.addIssue({
          code: "custom",
          path: ["fields", index, "options"],
          params: { origin: "required" },
        });
      const values = new Set(field.options.map((one) => one.value));
      if (values.size !== field.options.length)
        context.addIssue({
          code: "custom",
          path: ["fields", index, "options"],
          params: { origin: "duplicate" },
        });
    });
  });
export type FormInput = z.input<typeof formInputSchema>;
export type FormDefinition = z.output<typeof formInputSchema>;

export const isChoice = (type: FormFieldType) => type === "select" || type === "radio";

/** What a visitor's browser needs to show a form (never its tags or owner-only settings). */
export type PublicForm = {
  id: string;
  slug: string;
  name: string;
  fields: FormField[];
  submitLabel: string;
  /** Shown on the form's page once it is sent (unless it redirects). */
  successMessage: string;
  status: FormStatus;
};

/** A form as the owner's list shows it. */
export type FormRow = {
  id: string;
  name: string;
  slug: string;
  status: FormStatus;
  doubleOptIn: boolean;
  submissions: number;
  updatedAt: string;
};

/** One answer as the submissions list shows it: values by field name. */
export type SubmissionRow = {
  id: string;
  email: string;
  contactId: string | null;
  values: Record<string, string | string[] | boolean>;
  pageUrl: string;
  createdAt: string;
  confirmedAt: string | null;
};

export const submissionListQuerySchema = z.object({
  q: z.string().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export const SUBMISSIONS_PER_PAGE = 50;

/** The hidden inputs every public form carries against robots (never shown to a person). */
export const SPAM_FIELDS = { honeypot: "website_url", stamp: "_stamp" } as const;

/** A person takes longer than this to fill a form in; a robot usually does not. */
export const MIN_FILL_MS = 2_500;

export const FORMS_SCREEN_PATH = "/dashboard/manage/marketing/forms";
/** A form's own page on the site. */
export const formPath = (slug: string) => `/form/${slug}`;

type Answer = string | string[] | boolean;
export type AnswerIssue = { field: string; origin: "required" | "pattern" | "choice" | "length" };

/**
 * One visitor's answers checked against the form: `raw` is the posted values by name (a
 * checkbox's "on", a multi-value as an array). Returns the clean answers, or what is wrong.
 */
export function checkAnswers(
  fields: readonly FormField[],
  raw: Record<string, string | string[] | undefined>,
  { countryCodes }: { countryCodes: ReadonlySet<string> },
): { answers: Record<string, Answer>; issues: AnswerIssue[] } {
  const answers: Record<string, Answer> = {};
  const issues: AnswerIssue[] = [];
  for (const field of fields) {
    // A fixed hidden value is the form's, whatever the browser sent.
    if (field.type === "hidden" && field.hiddenSource === "fixed") {
      if (field.hiddenValue) answers[field.name] = field.hiddenValue;
      continue;
    }
    const given = raw[field.name];
    const first = (Array.isArray(given) ? given[0] : given) ?? "";
    if (field.type === "checkbox" || field.type === "consent") {
      const ticked = first !== "";
      if (field.required && !ticked) issues.push({ field: field.name, origin: "required" });
      answers[field.name] = ticked;
      continue;
    }
    const value = first.trim();
    if (value.length > (field.type === "textarea" ? 5000 : 500)) {
      issues.push({ field: field.name, origin: "length" });
      continue;
    }
    if (value === "") {
      if (field.required && field.type !== "hidden")
        issues.push({ field: field.name, origin: "required" });
      continue;
    }
    const wrong = (origin: AnswerIssue["origin"]) => issues.push({ field: field.name, origin });
    if (field.type === "email" && !emailPattern.test(value)) wrong("pattern");
    else if (field.type === "phone" && !/^\+?[\d\s().-]{6,20}$/.test(value)) wrong("pattern");
    else if (field.type === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(value)) wrong("pattern");
    else if (field.type === "country" && !countryCodes.has(value.toUpperCase())) wrong("choice");
    else if (isChoice(field.type) && !field.options.some((one) => one.value === value))
      wrong("choice");
    else if (field.pattern && !fieldPatterns[field.pattern].test(value)) wrong("pattern");
    else answers[field.name] = field.type === "country" ? value.toUpperCase() : value;
  }
  return { answers, issues };
}

/** The form's e-mail field: the one whose answer is the contact's address. */
export const emailFieldOf = (fields: readonly FormField[]) =>
  fields.find((field) => field.type === "email");

/** A new form's starting point: an e-mail field and a consent box. */
export function blankForm(words: { email: string; consent: string; name: string }): FormInput {
  return {
    name: words.name,
    slug: "",
    fields: [
      { name: "email", type: "email", label: words.email, required: true },
      { name: "consent", type: "consent", label: words.consent, required: true },
    ],
  };
}
