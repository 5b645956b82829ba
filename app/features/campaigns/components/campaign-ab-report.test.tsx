import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import de from "~/locales/de.json";
import en from "~/locales/en.json";
import { createI18n, type Messages } from "~/platform/i18n/i18n";
import type {
  AbReport,
  CampaignCounts,
  CampaignDefinition,
  CampaignTimelinePoint,
} from "../campaign-shapes";
import { CampaignsPanel, type OpenedCampaign } from "./campaigns-panel";

const id = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";

const campaign: CampaignDefinition = {
  name: "Spring news",
  subject: "News for {{first_name | you}}",
  subjectB: "Spring is here, {{first_name | friend}}",
  preheader: "",
  blocks: [{ type: "text", text: "First paragraph." }],
  segmentIds: [],
  abSamplePercent: 20,
  abWaitMinutes: 120,
  tracking: true,
};

const counts: CampaignCounts = {
  audience: 1000,
  queued: 800,
  sent: 200,
  failed: 0,
  skipped: 0,
  opened: 90,
  machineOpened: 30,
  clicked: 33,
  unsubscribed: 0,
  bounced: 0,
  complained: 0,
};

const undecided: AbReport = {
  samplePercent: 20,
  waitMinutes: 120,
  a: { subject: campaign.subject, sent: 100, opened: 40, clicked: 10 },
  b: { subject: campaign.subjectB, sent: 100, opened: 50, clicked: 23 },
  winner: null,
  confidence: null,
  decidesAt: "2026-05-01T09:30:00.000Z",
  decidedAt: null,
};

const decided = (patch: Partial<AbReport>): AbReport => ({
  ...undecided,
  winner: "b",
  confidence: 0.9785,
  decidedAt: "2026-05-01T09:30:05.000Z",
  ...patch,
});

const timeline: CampaignTimelinePoint[] = [
  { hour: 0, sent: 200, opened: 20, clicked: 5 },
  { hour: 1, sent: 200, opened: 60, clicked: 20 },
  { hour: 2, sent: 1000, opened: 150, clicked: 60 },
];

function render(opened: OpenedCampaign, lang: "en" | "de" = "en") {
  const i18n = createI18n({ lang, messages: (lang === "en" ? en : de) as unknown as Messages });
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CampaignsPanel campaigns={[]} opened={opened} segments={[]} timeZone="Europe/Berlin" />
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
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The markup of the element carrying `data-testid={testId}`, to its end (roughly). */
const part = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start, testId).toBeGreaterThan(-1);
  return html.slice(start);
};

/** The `<input>` tag of the switch (Mantine puts the test id on its input). */
const switchTag = (html: string) =>
  /<input[^>]*data-testid="campaign-ab-switch"[^>]*>/.exec(html)?.[0] ?? "";

const sending = (patch: Partial<OpenedCampaign>): OpenedCampaign => ({
  id,
  status: "sending",
  scheduledAt: null,
  campaign,
  counts,
  ab: undecided,
  timeline: [],
  ...patch,
});

describe("M5 A/B subjects in the editor", () => {
  test("M5 A/B: a campaign with a second subject opens with the test on and its fields filled", () => {
    const html = render({ ...sending({}), status: "draft", ab: null, counts: null });
    expect(switchTag(html)).toContain('checked=""');
    expect(html).toContain('value="Spring is here, {{first_name | friend}}"');
    expect(html).toMatch(/value="20%"/);
    // The wait: a choice of hours, stored as minutes.
    expect(html).toContain('value="2 hours"');
    const shown = text(html);
    expect(shown).toContain(
      "20% of the audience gets a subject first — 10% each; the other 80% get the winner.",
    );
    expect(shown).toContain("not the one more opened");
  });

  test("M5 A/B: without a second subject the test is off and its fields are not shown", () => {
    const html = render({
      ...sending({}),
      status: "draft",
      ab: null,
      counts: null,
      campaign: { ...campaign, subjectB: "", abSamplePercent: 0 },
    });
    expect(switchTag(html)).toContain('type="checkbox"');
    expect(switchTag(html)).not.toContain('checked=""');
    expect(html).not.toContain('data-testid="campaign-subject-b"');
  });

  test("M5 A/B: with tracking off, the editor warns that there are no clicks to compare", () => {
    const html = render({
      ...sending({}),
      status: "draft",
      ab: null,
      counts: null,
      campaign: { ...campaign, tracking: false },
    });
    expect(html).toContain('data-testid="campaign-ab-no-tracking"');
  });
});

describe("M5 A/B subjects in the report", () => {
  test("M5 A/B: before the decision, each subject's figures and click rate, and when the winner is chosen (site's zone)", () => {
    const html = render(sending({}));
    const table = text(part(html, "campaign-ab-table"));
    expect(table).toContain("Subject A News for {{first_name | you}} 100 40 10 10%");
    expect(table).toContain("Subject B Spring is here, {{first_name | friend}} 100 50 23 23%");
    // 09:30 UTC is 11:30 in Berlin in May.
    expect(text(part(html, "campaign-ab-outcome"))).toContain(
      "Winner chosen about May 1, 2026, 11:30 AM.",
    );
    expect(html).not.toContain('data-testid="campaign-ab-winner"');
  });

  test("M5 A/B: a significant winner gets the badge and the sentence with both rates and the confidence", () => {
    const html = render(sending({ ab: decided({}) }));
    const winnerRow = part(html, "campaign-ab-b");
    expect(winnerRow.slice(0, winnerRow.indexOf("</tr>"))).toContain(
      'data-testid="campaign-ab-winner"',
    );
    const loserRow = part(html, "campaign-ab-a");
    expect(loserRow.slice(0, loserRow.indexOf("</tr>"))).not.toContain("campaign-ab-winner");
    expect(text(part(html, "campaign-ab-outcome"))).toContain(
      "Subject B won: 23% click rate against 10%, 97.8% confidence.",
    );
  });

  test("M5 A/B: below 95 % it says there was no clear difference, and that the higher rate still went", () => {
    const html = render(
      sending({
        ab: decided({
          winner: "a",
          confidence: 0.9499,
          a: { ...undecided.a, clicked: 12 },
          b: { ...undecided.b, clicked: 8 },
        }),
      }),
    );
    // Rounded down: a confidence just short of 95 % never reads as 95 %.
    expect(text(part(html, "campaign-ab-outcome"))).toContain(
      "No clear difference (94.9% confidence): the higher click rate, subject A, went to the rest.",
    );
  });

  test("M5 A/B: equal click rates keep subject A, said as such", () => {
    const html = render(
      sending({
        ab: decided({
          winner: "a",
          confidence: 0,
          a: { ...undecided.a, clicked: 0 },
          b: { ...undecided.b, clicked: 0 },
        }),
      }),
    );
    expect(text(part(html, "campaign-ab-outcome"))).toContain(
      "both subjects had the same click rate, so subject A went to the rest.",
    );
  });

  test("M5 A/B: an audience too small for a sample, and a campaign cancelled before the decision, say so", () => {
    const small = render(
      sending({
        counts: { ...counts, audience: 2 },
        ab: { ...undecided, b: { ...undecided.b, sent: 0, opened: 0, clicked: 0 } },
      }),
    );
    expect(text(part(small, "campaign-ab-outcome"))).toContain("too small for a test");
    const cancelled = render(sending({ status: "cancelled" }));
    expect(text(part(cancelled, "campaign-ab-outcome"))).toContain(
      "cancelled before a winner was chosen",
    );
  });

  test("M5 A/B: the report speaks the owner's language, numbers and times included", () => {
    const due = render(sending({}), "de");
    expect(text(part(due, "campaign-ab-outcome"))).toContain(
      "Gewinner wird etwa am 01.05.2026, 11:30 gewählt.",
    );
    const won = render(sending({ ab: decided({}) }), "de");
    expect(text(part(won, "campaign-ab-outcome"))).toContain(
      "Betreff B hat gewonnen: 23 % Klickrate gegenüber 10 %, 97,8 % Konfidenz.",
    );
  });

  test("M5 A/B: no test, no section", () => {
    const html = render(sending({ ab: null }));
    expect(html).not.toContain('data-testid="campaign-ab-report"');
  });
});

describe("M5 the report's chart", () => {
  test("M5 timeline: two hours or more are drawn, with a summary and the same figures as a table", () => {
    const html = render(sending({ timeline }));
    expect(html).toContain('data-testid="campaign-timeline"');
    expect(text(part(html, "campaign-timeline"))).toContain("Hour by hour");
    // The picture is hidden from screen readers; the sentence and the table say the same.
    expect(html).toMatch(/<div aria-hidden="true"[^>]*>/);
    expect(text(part(html, "campaign-timeline-summary"))).toContain(
      "Within 3 hours of sending: 1,000 sent, 150 opened, 60 clicked.",
    );
    const table = text(part(html, "campaign-timeline-table"));
    expect(table).toContain("Since sending began Sent Opened Clicked");
    expect(table).toContain("1h 200 20 5");
    expect(table).toContain("3h 1,000 150 60");
  });

  test("M5 timeline: a single hour is no chart", () => {
    const html = render(sending({ timeline: timeline.slice(0, 1) }));
    expect(html).not.toContain('data-testid="campaign-timeline"');
  });
});
