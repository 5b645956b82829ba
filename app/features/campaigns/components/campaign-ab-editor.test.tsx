// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import en from "~/locales/en.json";
import { createI18n, type Messages } from "~/platform/i18n/i18n";
import type { CampaignDefinition } from "../campaign-shapes";
import { CampaignsPanel, type OpenedCampaign } from "./campaigns-panel";

const id = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";

const campaign: CampaignDefinition = {
  name: "Spring news",
  subject: "News for {{first_name | you}}",
  subjectB: "",
  preheader: "",
  blocks: [{ type: "text", text: "First paragraph." }],
  segmentIds: [],
  abSamplePercent: 0,
  abWaitMinutes: 240,
  tracking: true,
};

type Saved = { intent: string; id: string | null; campaign: CampaignDefinition };

// React's act() warns unless the environment says it is a test; put the flag back after (the
// worker's next file may not want it).
const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousFlag: boolean | undefined;
beforeAll(() => {
  previousFlag = actFlag.IS_REACT_ACT_ENVIRONMENT;
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
  // Mantine's autosizing textarea (the blocks' text) listens for web fonts, which happy-dom lacks.
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
});
afterAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = previousFlag;
});

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  document.body.innerHTML = "";
});

/** The editor of a saved draft; each save's body is kept in `saves`. */
async function openEditor(definition: CampaignDefinition) {
  const saves: Saved[] = [];
  const opened: OpenedCampaign = {
    id,
    status: "draft",
    scheduledAt: null,
    campaign: definition,
    counts: null,
  };
  const i18n = createI18n({ lang: "en", messages: en as unknown as Messages });
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CampaignsPanel campaigns={[]} opened={opened} segments={[]} timeZone="UTC" />
      ),
      action: async ({ request }) => {
        saves.push((await request.json()) as Saved);
        return { ok: true, id };
      },
    },
  ]);
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <MantineProvider>
        <I18nextProvider i18n={i18n}>
          <Stub initialEntries={["/"]} />
        </I18nextProvider>
      </MantineProvider>,
    );
  });
  return saves;
}

const byTestId = <T extends HTMLElement = HTMLElement>(testId: string) =>
  document.querySelector<T>(`[data-testid="${testId}"]`);

/** Types into a controlled input as a person would (React listens for `input`). */
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function click(element: Element) {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Picks an option of a Mantine Select by its label. */
async function choose(input: HTMLInputElement, label: string) {
  await click(input);
  const option = [...document.querySelectorAll('[role="option"]')].find(
    (candidate) => candidate.textContent === label,
  );
  expect(option, label).toBeTruthy();
  await click(option!);
}

async function save() {
  await click(byTestId("save-campaign")!);
  // The fetcher's submit and the action's answer.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
}

/** The error Mantine shows under a field, through its aria-describedby. */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((part) => document.getElementById(part)?.textContent ?? "")
    .join(" ");

describe("M5 A/B subjects in the editor, used", () => {
  test("M5 A/B: switched on, subject B, sample and wait are shown and sent in the save", async () => {
    const saves = await openEditor(campaign);
    expect(byTestId("campaign-subject-b")).toBeNull();
    await click(byTestId("campaign-ab-switch")!);
    const subjectB = byTestId<HTMLInputElement>("campaign-subject-b")!;
    expect(subjectB).not.toBeNull();
    // Switched on, the test starts from a fifth of the audience and four hours.
    expect(byTestId<HTMLInputElement>("campaign-ab-sample")!.value).toBe("20%");
    expect(byTestId<HTMLInputElement>("campaign-ab-wait")!.value).toBe("4 hours");
    expect(byTestId("campaign-ab-split")!.textContent).toBe(
      "20% of the audience gets a subject first — 10% each; the other 80% get the winner.",
    );

    await type(subjectB, "Spring is here, {{first_name | friend}}");
    await type(byTestId<HTMLInputElement>("campaign-ab-sample")!, "30%");
    await choose(byTestId<HTMLInputElement>("campaign-ab-wait")!, "12 hours");
    expect(byTestId("campaign-ab-split")!.textContent).toBe(
      "30% of the audience gets a subject first — 15% each; the other 70% get the winner.",
    );
    await save();

    expect(saves).toHaveLength(1);
    expect(saves[0]!.intent).toBe("saveCampaign");
    expect(saves[0]!.campaign).toMatchObject({
      subject: "News for {{first_name | you}}",
      subjectB: "Spring is here, {{first_name | friend}}",
      abSamplePercent: 30,
      abWaitMinutes: 720,
    });
  });

  test("M5 A/B: switched on without subject B, nothing is saved and the field says why", async () => {
    const saves = await openEditor(campaign);
    await click(byTestId("campaign-ab-switch")!);
    await save();
    expect(saves).toHaveLength(0);
    expect(errorOf(byTestId("campaign-subject-b")!)).toContain("This field is required.");
    expect(document.body.textContent).toContain("Not saved: please fix the marked entries.");
  });

  test("M5 A/B: switched off, the save carries no test (no subject B, no share)", async () => {
    const saves = await openEditor({
      ...campaign,
      subjectB: "Spring is here",
      abSamplePercent: 20,
      abWaitMinutes: 60,
    });
    expect(byTestId<HTMLInputElement>("campaign-subject-b")!.value).toBe("Spring is here");
    expect(byTestId<HTMLInputElement>("campaign-ab-wait")!.value).toBe("1 hour");
    await click(byTestId("campaign-ab-switch")!);
    expect(byTestId("campaign-subject-b")).toBeNull();
    await save();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.campaign).toMatchObject({ subjectB: "", abSamplePercent: 0 });
  });
});
