import { expect, type Page } from "@playwright/test";

/** Adds a question through the quiz editor's form: its type, its prompt, then `fill` for its key. */
export async function addQuestion(
  page: Page,
  type: string,
  prompt: string,
  fill: () => Promise<unknown> = async () => {},
) {
  await page.getByRole("button", { name: "Add a question" }).click();
  const form = page.getByTestId("question-form");
  await form.getByLabel("Question type").selectOption(type);
  await form.getByRole("textbox", { name: "Question", exact: true }).fill(prompt);
  await fill();
  await form.getByRole("button", { name: "Save question" }).click();
  await expect(form).toBeHidden();
}
