import { draftBlock, sentBlock, type DraftBlock } from "~/features/campaigns/campaigns";
import type {
  AutomationGraph,
  AutomationStep,
  EmailStep,
  IfStep,
  StepType,
} from "../automation-shapes";

/** A step as the builder keeps it: an e-mail's blocks carry the block editor's keys. */
export type EditorStep =
  | Exclude<AutomationStep, EmailStep | IfStep>
  | (Omit<EmailStep, "blocks"> & { blocks: DraftBlock[] })
  | (Omit<IfStep, "yes" | "no"> & { yes: EditorStep[]; no: EditorStep[] });

export type EditorGraph = Omit<AutomationGraph, "steps"> & { steps: EditorStep[] };

export const editorSteps = (steps: AutomationStep[]): EditorStep[] =>
  steps.map((step) =>
    step.type === "email"
      ? { ...step, blocks: step.blocks.map(draftBlock) }
      : step.type === "if"
        ? { ...step, yes: editorSteps(step.yes), no: editorSteps(step.no) }
        : step,
  );

export const savedSteps = (steps: EditorStep[]): AutomationStep[] =>
  steps.map((step) =>
    step.type === "email"
      ? { ...step, blocks: step.blocks.map(sentBlock) }
      : step.type === "if"
        ? { ...step, yes: savedSteps(step.yes), no: savedSteps(step.no) }
        : step,
  );

/** A fresh step id: short, lower-case letters and digits, as the schema wants. */
export function newStepId(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => letters[byte % letters.length]).join("");
}

/** A new step of a kind, with sensible starting values (the owner's words for the texts). */
export function startingStep(
  type: StepType,
  words: { subject: string; body: string; message: string },
): EditorStep {
  const id = newStepId();
  switch (type) {
    case "email":
      return {
        id,
        type,
        subject: words.subject,
        preheader: "",
        blocks: [draftBlock({ type: "text", text: words.body })],
        campaignId: "",
      };
    case "wait":
      return { id, type, mode: "duration", amount: 1, unit: "days", days: [1], time: "09:00" };
    case "if":
      return {
        id,
        type,
        condition: { kind: "hasTag", tag: "" },
        within: 0,
        withinUnit: "days",
        yes: [],
        no: [],
      };
    case "tag":
    case "untag":
      return { id, type, tag: "" };
    case "enrol":
      return { id, type, courseId: "" };
    case "notify":
      return { id, type, message: words.message };
    case "webhook":
      return { id, type, url: "" };
    case "grant":
    case "revoke":
      return { id, type, membershipId: "" };
    case "points":
      return { id, type, points: 10 };
  }
}

/** Every e-mail step of a list, branches included (for the "opened" and "clicked" conditions). */
export function emailSteps(steps: EditorStep[]): { id: string; subject: string }[] {
  return steps.flatMap((step) =>
    step.type === "email"
      ? [{ id: step.id, subject: step.subject }]
      : step.type === "if"
        ? [...emailSteps(step.yes), ...emailSteps(step.no)]
        : [],
  );
}
