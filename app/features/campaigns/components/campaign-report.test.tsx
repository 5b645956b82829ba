import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test } from "vitest";
import en from "~/locales/en.json";
import de from "~/locales/de.json";
import { createI18n, type Messages } from "~/platform/i18n/i18n";
import type { CampaignCounts } from "../campaign-shapes";
import { CampaignReport } from "./campaign-report";

const counts: CampaignCounts = {
  audience: 1200,
  queued: 0,
  sent: 1180,
  failed: 15,
  skipped: 5,
  opened: 400,
  machineOpened: 90,
  clicked: 120,
  unsubscribed: 6,
  bounced: 21,
  complained: 4,
};

function render(lang: "en" | "de") {
  const i18n = createI18n({ lang, messages: (lang === "en" ? en : de) as unknown as Messages });
  return renderToString(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <CampaignReport counts={counts} sending={false} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

/** A figure's own cell: its label and its number. */
const figure = (html: string, key: string) =>
  (new RegExp(`data-testid="report-${key}"(.*?)</div></div>`).exec(html)?.[1] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("M5 a campaign's report", () => {
  test("M5 the report shows bounces (at once or reported later) and spam complaints from feedback loops, each with what it means", () => {
    const html = render("en");
    expect(figure(html, "bounced")).toContain("Bounced");
    expect(figure(html, "bounced")).toContain("21");
    expect(figure(html, "complained")).toContain("Spam complaints");
    expect(figure(html, "complained")).toContain("4");
    expect(html).toContain('aria-label="About Spam complaints"');
    expect(html).toContain('aria-label="About Bounced"');
    // Translated, not English copies.
    const german = render("de");
    expect(figure(german, "complained")).toContain("Spam-Beschwerden");
  });
});
