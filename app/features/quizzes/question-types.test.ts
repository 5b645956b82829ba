import { describe, expect, test } from "vitest";
import type { QuestionType } from "./quiz-shapes";
import {
  answerSchemas,
  correctAnswerOf,
  gradeAnswer,
  publicQuestion,
  questionDataSchemas,
} from "./question-types";
import { questionTypes } from "./quiz-shapes";

const q = (type: QuestionType, data: unknown, points = 2) => ({ type, data, points });
const options = [
  { id: "a", text: "Alpha" },
  { id: "b", text: "Beta" },
  { id: "c", text: "Gamma" },
];

/** A stored key of each type, as the editor saves them. */
export const sampleData: Record<QuestionType, unknown> = {
  single: { options, answer: "b" },
  multiple: { options, answers: ["a", "c"] },
  true_false: { answer: true },
  short: { accepted: ["Paris", "City of Light"], caseSensitive: false },
  numeric: { answer: 3.14, tolerance: 0.01 },
  blanks: {
    text: "The [blank] is [blank].",
    blanks: [["sky"], ["blue", "azure"]],
    caseSensitive: false,
  },
  matching: {
    pairs: [
      { left: { id: "l1", text: "Dog" }, right: { id: "r9", text: "Bark" } },
      { left: { id: "l2", text: "Cat" }, right: { id: "r4", text: "Meow" } },
    ],
  },
  ordering: { items: options },
  essay: { minWords: 50 },
  file: { accept: ".pdf" },
};

describe("M1 quiz question types (issue 15 scope 2)", () => {
  test("M1 quiz: every type's sample key passes its schema and a malformed key does not", () => {
    for (const type of questionTypes) {
      expect(questionDataSchemas[type].safeParse(sampleData[type]).success, type).toBe(true);
      expect(questionDataSchemas[type].safeParse("nope").success, type).toBe(false);
    }
    // The single choice's answer must be one of its options.
    expect(questionDataSchemas.single.safeParse({ options, answer: "z" }).success).toBe(false);
    // As many accepted lists as blanks.
    expect(
      questionDataSchemas.blanks.safeParse({ text: "[blank]", blanks: [["a"], ["b"]] }).success,
    ).toBe(false);
  });

  test("M1 quiz grading: single choice and true/false are all or nothing", () => {
    expect(gradeAnswer(q("single", sampleData.single), "b")).toEqual({ points: 2, correct: true });
    expect(gradeAnswer(q("single", sampleData.single), "a")).toEqual({ points: 0, correct: false });
    expect(gradeAnswer(q("true_false", sampleData.true_false), true).correct).toBe(true);
    expect(gradeAnswer(q("true_false", sampleData.true_false), "true").correct).toBe(false);
    expect(gradeAnswer(q("single", sampleData.single), undefined)).toEqual({
      points: 0,
      correct: false,
    });
  });

  test("M1 quiz grading: multiple choice gives (right − wrong) / right, never below zero", () => {
    const multiple = q("multiple", sampleData.multiple, 4);
    expect(gradeAnswer(multiple, ["a", "c"])).toEqual({ points: 4, correct: true });
    expect(gradeAnswer(multiple, ["a"])).toEqual({ points: 2, correct: false });
    expect(gradeAnswer(multiple, ["a", "b"])).toEqual({ points: 0, correct: false });
    expect(gradeAnswer(multiple, ["b"])).toEqual({ points: 0, correct: false });
    // Ticking everything is not full marks.
    expect(gradeAnswer(multiple, ["a", "b", "c"])).toEqual({ points: 2, correct: false });
  });

  test("M1 quiz grading: short answers by accepted list, case rule and spacing", () => {
    const short = q("short", sampleData.short);
    expect(gradeAnswer(short, "  paris ").correct).toBe(true);
    expect(gradeAnswer(short, "city  of light").correct).toBe(true);
    expect(gradeAnswer(short, "London").correct).toBe(false);
    expect(gradeAnswer(short, "").correct).toBe(false);
    const strict = q("short", { accepted: ["Paris"], caseSensitive: true });
    expect(gradeAnswer(strict, "paris").correct).toBe(false);
    expect(gradeAnswer(strict, "Paris").correct).toBe(true);
  });

  test("M1 quiz grading: numeric within its tolerance", () => {
    const numeric = q("numeric", sampleData.numeric);
    expect(gradeAnswer(numeric, 3.15).correct).toBe(true);
    expect(gradeAnswer(numeric, 3.13).correct).toBe(true);
    expect(gradeAnswer(numeric, 3.16).correct).toBe(false);
    expect(gradeAnswer(numeric, "3.14").correct).toBe(false);
    expect(gradeAnswer(q("numeric", { answer: 0.3, tolerance: 0 }), 0.1 + 0.2).correct).toBe(true);
  });

  test("M1 quiz grading: blanks, matching and ordering give the share that is right", () => {
    const blanks = q("blanks", sampleData.blanks, 2);
    expect(gradeAnswer(blanks, ["Sky", "azure"])).toEqual({ points: 2, correct: true });
    expect(gradeAnswer(blanks, ["sky", "green"])).toEqual({ points: 1, correct: false });
    const matching = q("matching", sampleData.matching, 2);
    expect(gradeAnswer(matching, { l1: "r9", l2: "r4" })).toEqual({ points: 2, correct: true });
    expect(gradeAnswer(matching, { l1: "r9", l2: "r9" })).toEqual({ points: 1, correct: false });
    const ordering = q("ordering", sampleData.ordering, 3);
    expect(gradeAnswer(ordering, ["a", "b", "c"])).toEqual({ points: 3, correct: true });
    expect(gradeAnswer(ordering, ["a", "c", "b"])).toEqual({ points: 1, correct: false });
  });

  test("M1 quiz grading: essays and files wait for a person", () => {
    expect(gradeAnswer(q("essay", sampleData.essay), "Some words")).toEqual({
      points: 0,
      correct: null,
    });
    const file = {
      fileId: "0b9d5a4e-3c1f-4e8a-9f2b-6a7c8d9e0f1a",
      name: "x.pdf",
      size: 1000,
      contentType: "application/pdf",
    };
    expect(gradeAnswer(q("file", sampleData.file), file)).toEqual({ points: 0, correct: null });
    expect(answerSchemas.file.safeParse(file).success).toBe(true);
    // An answer names a file the server stored, never an address the student chose.
    expect(answerSchemas.file.safeParse({ url: "/files/x.pdf", name: "x" }).success).toBe(false);
    expect(answerSchemas.file.safeParse({ ...file, fileId: "../../etc/passwd" }).success).toBe(
      false,
    );
  });

  test("M1 quiz integrity: the public shape of every type holds no key, accepted answer or flag", () => {
    for (const type of questionTypes) {
      const shown = publicQuestion({
        id: "q1",
        type,
        prompt: "<p>?</p>",
        points: 1,
        data: { ...(sampleData[type] as object), secretMarker: "SECRET" },
      });
      const json = JSON.stringify(shown);
      expect(json, type).not.toContain("SECRET");
      expect(json, type).not.toMatch(/"(answers?|accepted|correct|tolerance|pairs|blanks)":/);
      for (const word of ["Paris", "City of Light", "3.14", "sky", "azure"])
        expect(json, `${type} ${word}`).not.toContain(word);
      // Matching's right choices are never joined to their left items.
      if (type === "matching") expect(json).not.toMatch(/"left":\{/);
    }
  });

  test("M1 quiz: the correct answer is given in the answer's own shape", () => {
    for (const type of questionTypes) {
      const correct = correctAnswerOf(type, sampleData[type]);
      if (type === "essay" || type === "file") expect(correct).toBeNull();
      else if (type === "short")
        expect(gradeAnswer(q(type, sampleData[type]), "Paris").correct).toBe(true);
      else if (type === "blanks")
        expect(
          gradeAnswer(
            q(type, sampleData[type]),
            (correct as string[][]).map((a) => a[0]),
          ).correct,
        ).toBe(true);
      else expect(gradeAnswer(q(type, sampleData[type]), correct).correct, type).toBe(true);
    }
  });
});
