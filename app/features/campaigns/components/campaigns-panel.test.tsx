import { MantineProvider } from "@mantine/core";
import type { ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import en from "~/locales/en.json";
import { createI18n, type Messages } from "~/platform/i18n/i18n";
import type { CampaignRow } from "../campaign-records.server";
import type { CampaignCounts, CampaignDefinition } from "../campaign-shapes";
import { CampaignsPanel, type OpenedCampaign } from "./campaigns-panel";
import { fromZoneInput, toZoneInput } from "./schedule-time";

const id = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";

const row = (patch: Partial<CampaignRow>): CampaignRow => ({
  id,
  name: "Spring news",
  subject: "What is new",
  status: "draft",
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  updatedAt: "2026-04-01T10:00:00.000Z",
  audience: 0,
  sent: 0,
  opened: 0,
  clicked: 0,
  ...patch,
});

const campaign: CampaignDefinition = {
  name: "Spring news",
  subject: "News for {{first_name | you}}",
  subjectB: "",
  preheader: "",
  blocks: [
    { type: "heading", text: "Hello {{first_name | there}}," },
    { type: "text", text: "First paragraph.\n\nWritten to {{email}}." },
    { type: "button", label: "Read more", href: "https://example.com/news" },
  ],
  segmentIds: [],
  abSamplePercent: 0,
  abWaitMinutes: 240,
  tracking: true,
};

const counts: CampaignCounts = {
  audience: 120,
  queued: 0,
  sent: 100,
  failed: 5,
  skipped: 15,
  opened: 40,
  machineOpened: 25,
  clicked: 10,
  unsubscribed: 2,
  bounced: 3,
  complained: 0,
};

function render(props: Partial<ComponentProps<typeof CampaignsPanel>>) {
  const i18n = createI18n({ lang: "en", messages: en as unknown as Messages });
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CampaignsPanel campaigns={[]} opened={null} segments={[]} timeZone="UTC" {...props} />
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

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

const opened = (patch: Partial<OpenedCampaign>): OpenedCampaign => ({
  id,
  status: "draft",
  scheduledAt: null,
  campaign,
  counts: { ...counts, audience: 0, sent: 0 },
  ...patch,
});

describe("M5 the owner's campaigns tab", () => {
  test("M5 the list: status, figures and the time in the site's zone; no delete while sending", () => {
    const html = render({
      timeZone: "Europe/Berlin",
      campaigns: [
        row({ status: "scheduled", scheduledAt: "2026-05-01T07:30:00.000Z" }),
        row({
          id: "0b5d2c3e-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
          name: "Summer sale",
          status: "sending",
          startedAt: "2026-04-02T08:00:00.000Z",
          audience: 1200,
          sent: 300,
        }),
      ],
    });
    const shown = text(html);
    expect(shown).toContain("Scheduled");
    expect(shown).toContain("9:30 AM");
    expect(shown).toContain("1,200");
    expect(html).toContain('aria-label="Delete Spring news"');
    expect(html).not.toContain('aria-label="Delete Summer sale"');
    // M5 on a phone the same campaigns are cards, each with its status badge (the table is
    // hidden by its container's width, in campaign-list.module.css).
    const cards = html.slice(html.indexOf('data-testid="campaign-cards"'));
    expect(cards.match(/data-testid="campaign-card"/g)).toHaveLength(2);
    expect(text(cards)).toContain("Spring news What is new Scheduled");
    expect(text(cards)).toContain("Summer sale What is new Sending");
    expect(text(cards)).toContain("Audience 1,200 Sent 300");
  });

  test("M5 an empty list invites a first campaign", () => {
    const shown = text(render({}));
    expect(shown).toContain("No campaigns yet");
    expect(shown).toContain("New campaign");
  });

  test("M5 a new campaign starts with a greeting by first name, filled in the preview", () => {
    const html = render({
      opened: { id: null, status: "draft", scheduledAt: null, campaign: null, counts: null },
    });
    expect(html).toContain('value="Hello {{first_name | there}},"');
    expect(text(html)).toContain("Hello Alex,");
    // Not saved yet: nothing to test, schedule or send.
    expect(html).not.toContain('data-testid="send-test"');
  });

  test("M5 a draft: merge tags filled in the preview; test, schedule and send", () => {
    const html = render({ opened: opened({}) });
    const preview = text(html.slice(html.indexOf('data-testid="campaign-preview"')));
    expect(preview).toContain("News for Alex");
    expect(preview).toContain("Hello Alex,");
    expect(preview).toContain("Written to alex@example.com.");
    expect(html).toContain('data-testid="send-test"');
    expect(html).toContain('data-testid="schedule-at"');
    expect(html).toContain('data-testid="send-campaign"');
    expect(html).not.toContain('data-testid="campaign-report"');
  });

  test("M5 a sending campaign: pause and cancel, its report with machine opens apart, the editor locked", () => {
    const html = render({ opened: opened({ status: "sending", counts }) });
    expect(html).toContain('data-testid="pause-campaign"');
    expect(html).toContain('data-testid="cancel-campaign"');
    expect(html).not.toContain('data-testid="resume-campaign"');
    expect(html).toContain('data-testid="campaign-report"');
    expect(text(html)).toContain("Machine opens");
    expect(text(html)).toContain("Sending: 120 of 120 done.");
    expect(html).not.toContain('data-testid="save-campaign"');
    expect(html).not.toContain('data-testid="send-test"');
    // M5 read-only, not disabled (Mantine greys disabled fields out): readable and copyable.
    const fields = html.slice(
      html.indexOf('data-testid="campaign-fields"'),
      html.indexOf('data-testid="campaign-preview"'),
    );
    expect(fields).not.toMatch(/\bdisabled\b/);
    const inputs = fields.match(/<(input|textarea)\b[^>]*>/g) ?? [];
    expect(inputs.length).toBeGreaterThan(5);
    for (const input of inputs) expect(input).toMatch(/\breadOnly\b|\breadonly\b/);
    // One-line fields wrap when read-only (a textarea), so a long subject shows whole on a phone.
    const valueOf = (testId: string) =>
      new RegExp(`<textarea[^>]*data-testid="${testId}"[^>]*>([^<]*)</textarea>`).exec(fields)?.[1];
    expect(valueOf("campaign-subject")).toBe("News for {{first_name | you}}");
    // Sent to everyone: said in a field's value, not a faint placeholder.
    expect(valueOf("campaign-segments")).toBe("Every subscribed contact");
    // Nothing to add, move or remove.
    expect(html).not.toContain('data-testid="add-block"');
    expect(html).not.toContain('aria-label="Remove Block 1: Heading"');
  });

  test("M5 an A/B campaign's preview shows both subjects, each labelled, merge tags filled", () => {
    const html = render({
      opened: opened({
        campaign: { ...campaign, subjectB: "Last call, {{first_name | you}}", abSamplePercent: 20 },
      }),
    });
    const at = (testId: string) => {
      const from = html.indexOf(`data-testid="${testId}"`);
      return text(html.slice(from, html.indexOf("</div>", from) + 6));
    };
    expect(at("preview-subject-a")).toContain("Subject A News for Alex");
    expect(at("preview-subject-b")).toContain("Subject B Last call, Alex");

    // Sent, the test's own fields are read-only too, subject B whole in a wrapping field.
    const sent = render({
      opened: opened({
        status: "sent",
        counts,
        campaign: { ...campaign, subjectB: "Last call, {{first_name | you}}", abSamplePercent: 20 },
      }),
    });
    const tagOf = (testId: string) =>
      new RegExp(`<(input|textarea)[^>]*data-testid="${testId}"[^>]*>`).exec(sent)?.[0] ?? "";
    expect(tagOf("campaign-subject-b")).toMatch(/^<textarea[^>]*readOnly=""/);
    expect(sent).toContain(">Last call, {{first_name | you}}</textarea>");
    expect(tagOf("campaign-ab-sample")).toContain('readOnly=""');
    expect(tagOf("campaign-ab-switch")).toContain('readOnly=""');
    expect(tagOf("campaign-ab-switch")).toContain('aria-readonly="true"');
    expect(sent).toContain('data-testid="preview-subject-b"');
  });

  test("M5 a campaign without a test previews one subject, unlabelled", () => {
    const html = render({ opened: opened({}) });
    expect(html).not.toContain('data-testid="preview-subject-b"');
    expect(html).not.toContain('data-testid="preview-subjects"');
  });

  test("M5 a sent campaign shows its report and no moves", () => {
    const html = render({ opened: opened({ status: "sent", counts }) });
    expect(html).toContain('data-testid="campaign-report"');
    expect(html).not.toContain('data-testid="pause-campaign"');
    expect(html).not.toContain('data-testid="cancel-campaign"');
  });
});

describe("M5 a schedule in the site's zone", () => {
  test("M5 a wall clock becomes that zone's offset at that date, and back", () => {
    expect(fromZoneInput("2026-05-01T09:30", "Europe/Berlin")).toBe("2026-05-01T09:30:00+02:00");
    expect(fromZoneInput("2026-01-15T09:30", "Europe/Berlin")).toBe("2026-01-15T09:30:00+01:00");
    expect(fromZoneInput("2026-05-01T09:30", "Asia/Kolkata")).toBe("2026-05-01T09:30:00+05:30");
    expect(fromZoneInput("2026-05-01T09:30", "UTC")).toBe("2026-05-01T09:30:00+00:00");
    expect(fromZoneInput("not a date", "UTC")).toBeNull();
    expect(toZoneInput("2026-05-01T07:30:00.000Z", "Europe/Berlin")).toBe("2026-05-01T09:30");
    expect(toZoneInput(null, "UTC")).toBe("");
  });
});
