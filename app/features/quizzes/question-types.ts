import { z } from "zod";
import { answerFileSchema } from "./answer-file";
import type { QuestionType } from "./quiz-shapes";

/**
 * The ten question types (issue 15 scope 2): per type the stored key (`data`), the student's
 * answer, the public shape shown before submission (built by whitelisting, never by removing
 * fields) and a pure grading function. Client-safe: the editor checks with the same schemas.
 *
 * Partial credit rules:
 * - single, true_false, short, numeric: all or nothing.
 * - multiple: (right choices picked − wrong choices picked) / right choices, never below 0;
 *   "correct" only when the picked set is exactly the key.
 * - blanks, matching, ordering: the share of blanks / pairs / positions that are right.
 * - essay, file: graded by hand (correct = null until a grader gives points).
 */

const id = z.string().trim().min(1).max(64);
const text = z.string().trim().min(1).max(2000);
const option = z.object({ id, text });

export const questionDataSchemas = {
  single: z
    .object({ options: z.array(option).min(2).max(20), answer: id })
    .refine((d) => d.options.some((o) => o.id === d.answer), { path: ["answer"] }),
  multiple: z
    .object({ options: z.array(option).min(2).max(20), answers: z.array(id).min(1).max(20) })
    .refine((d) => d.answers.every((a) => d.options.some((o) => o.id === a)), {
      path: ["answers"],
    }),
  true_false: z.object({ answer: z.boolean() }),
  short: z.object({
    accepted: z.array(text).min(1).max(50),
    caseSensitive: z.boolean().default(false),
  }),
  numeric: z.object({
    answer: z.number().finite(),
    tolerance: z.number().finite().min(0).default(0),
  }),
  /** `text` holds one `[blank]` per blank, in order; `blanks[i]` are the answers accepted there. */
  blanks: z
    .object({
      text: z.string().trim().min(1).max(5000),
      blanks: z.array(z.array(text).min(1).max(20)).min(1).max(30),
      caseSensitive: z.boolean().default(false),
    })
    .refine((d) => d.text.split(BLANK).length - 1 === d.blanks.length, { path: ["blanks"] }),
  /** Each left item matches its right item; left and right ids differ so choices reveal nothing. */
  matching: z.object({
    pairs: z
      .array(z.object({ left: option, right: option }))
      .min(2)
      .max(20),
  }),
  /** Items in their correct order; always shown shuffled. */
  ordering: z.object({ items: z.array(option).min(2).max(20) }),
  essay: z.object({ minWords: z.number().int().min(0).max(10_000).optional() }),
  file: z.object({ accept: z.string().max(200).optional() }),
} satisfies Record<QuestionType, z.ZodType>;

export const BLANK = "[blank]";

export type QuestionDataOf<T extends QuestionType> = z.infer<(typeof questionDataSchemas)[T]>;

export const answerSchemas = {
  single: id,
  multiple: z.array(id).max(20),
  true_false: z.boolean(),
  short: z.string().max(2000),
  numeric: z.number().finite(),
  blanks: z.array(z.string().max(2000)).max(30),
  matching: z.record(id, id),
  ordering: z.array(id).max(20),
  essay: z.string().max(50_000),
  // The server stored the file for the attempt: an answer names it by its id, never by an address.
  file: answerFileSchema,
} satisfies Record<QuestionType, z.ZodType>;

export type AnswerOf<T extends QuestionType> = z.infer<(typeof answerSchemas)[T]>;

export function isHandGraded(type: QuestionType): boolean {
  return type === "essay" || type === "file";
}

/** Options carry ids the editor makes; a short random one is enough within a question. */
export function newOptionId(): string {
  return Math.random().toString(36).slice(2, 10);
}

// ---- grading -----------------------------------------------------------------------------------

export type Grade = { points: number; correct: boolean | null };

function normalise(value: string, caseSensitive: boolean): string {
  const collapsed = value.trim().replace(/\s+/g, " ");
  return caseSensitive ? collapsed : collapsed.toLocaleLowerCase();
}

function share(right: number, of: number, points: number): Grade {
  const fraction = of > 0 ? Math.max(0, right) / of : 0;
  return { points: round(points * fraction), correct: fraction === 1 };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Grades one answer against its key. An answer that does not fit the type's shape (or none)
 * scores 0; essays and files score 0 with `correct: null` until a person grades them.
 */
export function gradeAnswer(
  question: { type: QuestionType; data: unknown; points: number },
  rawAnswer: unknown,
): Grade {
  const { type, points } = question;
  if (isHandGraded(type)) return { points: 0, correct: null };
  const key = questionDataSchemas[type].safeParse(question.data);
  const answer = answerSchemas[type].safeParse(rawAnswer);
  if (!key.success || !answer.success || rawAnswer === undefined)
    return { points: 0, correct: false };
  const all = (ok: boolean): Grade => ({ points: ok ? points : 0, correct: ok });
  switch (type) {
    case "single": {
      const d = key.data as QuestionDataOf<"single">;
      return all(answer.data === d.answer);
    }
    case "multiple": {
      const d = key.data as QuestionDataOf<"multiple">;
      const picked = new Set(answer.data as string[]);
      const right = d.answers.filter((a) => picked.has(a)).length;
      const wrong = [...picked].filter((a) => !d.answers.includes(a)).length;
      const fraction = Math.max(0, right - wrong) / d.answers.length;
      return { points: round(points * fraction), correct: right === d.answers.length && !wrong };
    }
    case "true_false":
      return all(answer.data === (key.data as QuestionDataOf<"true_false">).answer);
    case "short": {
      const d = key.data as QuestionDataOf<"short">;
      const given = normalise(answer.data as string, d.caseSensitive);
      return all(given !== "" && d.accepted.some((a) => normalise(a, d.caseSensitive) === given));
    }
    case "numeric": {
      const d = key.data as QuestionDataOf<"numeric">;
      // A hair of slack so that 0.1 + 0.2 within a tolerance of 0 still counts as 0.3.
      return all(Math.abs((answer.data as number) - d.answer) <= d.tolerance + 1e-9);
    }
    case "blanks": {
      const d = key.data as QuestionDataOf<"blanks">;
      const given = answer.data as string[];
      const right = d.blanks.filter((accepted, i) => {
        const value = normalise(given[i] ?? "", d.caseSensitive);
        return value !== "" && accepted.some((a) => normalise(a, d.caseSensitive) === value);
      }).length;
      return share(right, d.blanks.length, points);
    }
    case "matching": {
      const d = key.data as QuestionDataOf<"matching">;
      const given = answer.data as Record<string, string>;
      const right = d.pairs.filter((p) => given[p.left.id] === p.right.id).length;
      return share(right, d.pairs.length, points);
    }
    case "ordering": {
      const d = key.data as QuestionDataOf<"ordering">;
      const given = answer.data as string[];
      const right = d.items.filter((item, i) => given[i] === item.id).length;
      return share(right, d.items.length, points);
    }
    default:
      return { points: 0, correct: false };
  }
}

// ---- the public shape --------------------------------------------------------------------------

/** What a student sees of a question before submission: never a key, an accepted answer or a flag. */
export type PublicQuestion = {
  id: string;
  type: QuestionType;
  prompt: string;
  points: number;
  options?: { id: string; text: string }[];
  /** matching: the left items and, separately ordered, the right choices. */
  left?: { id: string; text: string }[];
  right?: { id: string; text: string }[];
  /** blanks: the text split around its blanks. */
  parts?: string[];
  accept?: string;
  minWords?: number;
};

function inOrder<T extends { id: string }>(items: T[], order: string[] | undefined): T[] {
  if (!order) return items;
  const byId = new Map(items.map((i) => [i.id, i]));
  const ordered = order.map((o) => byId.get(o)).filter((i): i is T => Boolean(i));
  return ordered.length === items.length ? ordered : items;
}

const pick = ({ id, text }: { id: string; text: string }) => ({ id, text });

/**
 * Builds the public question field by field from the stored one (a whitelist): a new key field
 * added to `data` can never leak through here. `order` is the attempt's shown order of options.
 */
export function publicQuestion(
  question: { id: string; type: QuestionType; prompt: string; points: number; data: unknown },
  order?: string[],
): PublicQuestion {
  const base = {
    id: question.id,
    type: question.type,
    prompt: question.prompt,
    points: question.points,
  };
  const data = (question.data ?? {}) as Record<string, unknown>;
  const list = (value: unknown): { id: string; text: string }[] =>
    Array.isArray(value)
      ? value
          .filter((o): o is { id: string; text: string } => Boolean(o && typeof o === "object"))
          .map(pick)
      : [];
  switch (question.type) {
    case "single":
    case "multiple":
      return { ...base, options: inOrder(list(data.options), order) };
    case "ordering":
      return { ...base, options: inOrder(list(data.items), order) };
    case "matching": {
      const pairs = Array.isArray(data.pairs)
        ? (data.pairs as { left: unknown; right: unknown }[])
        : [];
      const left = list(pairs.map((p) => p?.left));
      const right = inOrder(list(pairs.map((p) => p?.right)), order);
      return { ...base, left, right };
    }
    case "blanks":
      return { ...base, parts: typeof data.text === "string" ? data.text.split(BLANK) : [] };
    case "essay":
      return { ...base, ...(typeof data.minWords === "number" ? { minWords: data.minWords } : {}) };
    case "file":
      return { ...base, ...(typeof data.accept === "string" ? { accept: data.accept } : {}) };
    default:
      return base;
  }
}

/** The ids whose shown order an attempt fixes per question (shuffled answers); none for the rest. */
export function orderableIds(type: QuestionType, data: unknown): string[] | null {
  const d = (data ?? {}) as Record<string, unknown>;
  const ids = (value: unknown) =>
    Array.isArray(value) ? value.map((o) => String((o as { id?: unknown })?.id ?? "")) : [];
  if (type === "single" || type === "multiple") return ids(d.options);
  if (type === "ordering") return ids(d.items);
  if (type === "matching")
    return Array.isArray(d.pairs) ? ids(d.pairs.map((p) => (p as { right?: unknown })?.right)) : [];
  return null;
}

/** The correct answer in the answer's own shape, shown after submission when the quiz allows. */
export function correctAnswerOf(type: QuestionType, data: unknown): unknown {
  const key = questionDataSchemas[type].safeParse(data);
  if (!key.success) return null;
  const d = key.data as Record<string, unknown>;
  switch (type) {
    case "single":
    case "true_false":
    case "numeric":
      return d.answer;
    case "multiple":
      return d.answers;
    case "short":
      return d.accepted;
    case "blanks":
      return d.blanks;
    case "matching":
      return Object.fromEntries(
        (d.pairs as QuestionDataOf<"matching">["pairs"]).map((p) => [p.left.id, p.right.id]),
      );
    case "ordering":
      return (d.items as { id: string }[]).map((i) => i.id);
    default:
      return null;
  }
}
