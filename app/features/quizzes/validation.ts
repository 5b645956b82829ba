import { z } from "zod";
import { questionDataSchemas } from "./question-types";
import { feedbackModes, questionTypes } from "./quiz-shapes";

export const quizTitleSchema = z.string().trim().min(1).max(200);

export const newQuizSchema = z.object({ title: quizTitleSchema });
export const newStandaloneQuizSchema = z.object({
  title: quizTitleSchema,
  courseId: z.uuid().nullish(),
});

export const quizSettingsSchema = z.object({
  passMark: z.number().int().min(0).max(100).optional(),
  attemptLimit: z.number().int().min(0).max(100).optional(),
  timeLimitSeconds: z.number().int().min(10).max(86_400).optional(),
  drawCount: z.number().int().min(1).max(500).optional(),
  shuffleQuestions: z.boolean().optional(),
  shuffleAnswers: z.boolean().optional(),
  feedback: z.enum(feedbackModes).optional(),
  showCorrectAnswers: z.boolean().optional(),
});

export const quizUpdateSchema = z.object({
  title: quizTitleSchema.optional(),
  description: z.string().max(50_000).optional(),
  settings: quizSettingsSchema.optional(),
});

const questionBase = {
  prompt: z.string().trim().min(1).max(20_000),
  points: z.number().min(0).max(1000).default(1),
  feedback: z.string().max(20_000).default(""),
};

/** A question as the editor sends it: its type decides the shape of `data`. */
export const questionInputSchema = z.discriminatedUnion(
  "type",
  questionTypes.map((type) =>
    z.object({ type: z.literal(type), ...questionBase, data: questionDataSchemas[type] }),
  ) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]],
);
export type QuestionInput = {
  type: (typeof questionTypes)[number];
  prompt: string;
  points: number;
  feedback: string;
  data: Record<string, unknown>;
};

export const reorderSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

export const answersSchema = z.object({
  answers: z.record(z.uuid(), z.unknown()).refine((a) => Object.keys(a).length <= 500),
});
export const submitSchema = z.object({
  answers: z
    .record(z.uuid(), z.unknown())
    .refine((a) => Object.keys(a).length <= 500)
    .optional(),
});

export const gradeSchema = z.object({
  grades: z
    .record(
      z.uuid(),
      z.object({
        points: z.number().min(0).max(1000),
        feedback: z.string().max(20_000).default(""),
      }),
    )
    .refine((g) => Object.keys(g).length >= 1 && Object.keys(g).length <= 500),
});

export const uuidParam = z.uuid();
