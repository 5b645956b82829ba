import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import en from "~/locales/en.json";
import { createI18n, type Messages } from "~/platform/i18n/i18n";
import type { CampaignDefinition, CampaignStatus } from "../campaign-shapes";
import { campaignHistoryText, type HistoryWords } from "./campaign-history-text";
import { CampaignsPanel } from "./campaigns-panel";

const id = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";
const segment = { id: "0b6a1f3e-2c4d-4e5f-8a9b-0c1d2e3f4a5b", name: "Early birds" };

const campaign: CampaignDefinition = {
  name: "Spring news",
  subject: "News for {{first_name | you}}",
  subjectB: "Seats for you",
  preheader: "",
  blocks: [
    { type: "heading", text: "Hello," },
    { type: "button", label: "Read more", href: "https://example.com/news" },
    { type: "image", src: "https://example.com/a.png", alt: "A garden", href: "" },
    { type: "divider" },
  ],
  segmentIds: [segment.id, "9d9d9d9d-9d9d-4d9d-8d9d-9d9d9d9d9d9d"],
  abSamplePercent: 20,
  abWaitMinutes: 240,
  tracking: false,
};

const revisions = ["2026-04-02T10:00:00.000Z", "2026-04-01T10:00:00.000Z"].map(
  (createdAt, index) => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    version: 2 - index,
    authorName: "Ada",
    autosave: false,
    createdAt,
  }),
);

function render(status: CampaignStatus) {
  const i18n = createI18n({ lang: "en", messages: en as unknown as Messages });
  const opened = { id, status, scheduledAt: null, campaign, counts: null, revisions };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CampaignsPanel campaigns={[]} opened={opened} segments={[segment]} timeZone="UTC" />
      ),
    },
  ]);
  return renderToString(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={["/"]} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe("M5 M2 a campaign's history", () => {
  test("M5 M2 a draft lists its revisions, newest current, each older one restorable", () => {
    const html = render("draft");
    expect(html).toContain('data-testid="campaign-history"');
    expect(html).toContain("Revisions");
    expect(html.match(/data-testid="revision-choose"/g)).toHaveLength(2);
    expect(html).toMatch(/Ada(<!-- -->)? · current/);
    expect(html.match(/aria-label="Restore the revision of [^"]+"/g)).toHaveLength(1);
    expect(html).toContain("Compare selected");
  });

  test("M5 a sent campaign's history is compared only: no restore, and it says why", () => {
    const html = render("sent");
    expect(html.match(/data-testid="revision-choose"/g)).toHaveLength(2);
    expect(html).not.toContain("Restore the revision of");
    expect(html).toContain("Sending has begun: its revisions can be compared, not restored.");
  });

  test("M5 M2 a revision reads as text field by field: blocks by type, the audience by name, the test and tracking in words", () => {
    const words: HistoryWords = {
      block: (type, text) => (text ? `${type}: ${text}` : type),
      segmentName: (segmentId) => (segmentId === segment.id ? segment.name : "Deleted segment"),
      everyone: "Every subscribed contact",
      abTest: (sample, wait) => `${sample} % then ${wait} min`,
      noTest: "No test",
      on: "On",
      off: "Off",
    };
    expect(campaignHistoryText(campaign, words)).toEqual({
      name: "Spring news",
      subject: "News for {{first_name | you}}",
      subjectB: "Seats for you",
      preheader: "",
      blocks: [
        "heading: Hello,",
        "button: Read more https://example.com/news",
        "image: A garden https://example.com/a.png",
        "divider",
      ].join("\n\n"),
      segments: "Early birds, Deleted segment",
      abTest: "20 % then 240 min",
      tracking: "Off",
    });
    // Subject B without a share of the audience tests nothing, as the sending engine reads it.
    const plain = { ...campaign, abSamplePercent: 0, segmentIds: [], tracking: true };
    expect(campaignHistoryText(plain, words)).toMatchObject({
      segments: "Every subscribed contact",
      abTest: "No test",
      tracking: "On",
    });
  });
});
