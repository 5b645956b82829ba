import { describe, expect, test } from "vitest";
import { LANGUAGE_SAMPLES } from "./slugs.samples";
import { dnsLabel, isSlug, slugify, SLUG_MAX, termSlug } from "./slugs";

describe("I31-12 one Unicode-aware slug helper", () => {
  test("I31-12 Arabic, Russian and Chinese names keep their letters", () => {
    expect(slugify("مميز")).toBe("مميز");
    expect(slugify("Премиум")).toBe("премиум");
    expect(slugify("高级")).toBe("高级");
    expect(slugify("مميز جدًا")).toBe("مميز-جدًا");
    expect(slugify("Премиум План")).toBe("премиум-план");
  });

  test("I31-12 ASCII titles slug as before", () => {
    expect(slugify("Hello, World!")).toBe("hello-world");
    expect(slugify("  --Node.js 2.0--  ")).toBe("node-js-2-0");
    expect(slugify("don't stop")).toBe("don-t-stop");
    expect(slugify("a_b")).toBe("a-b");
  });

  test("I31-12 every kind of space separates words; compatibility forms fold", () => {
    expect(slugify("高级\u3000课程")).toBe("高级-课程");
    expect(slugify("a\u00a0b")).toBe("a-b");
    expect(slugify("Ａｂｃ")).toBe("abc");
    expect(slugify("e\u0301te\u0301")).toBe("été");
  });

  test("I31-12 format and bidi controls never reach an address", () => {
    expect(slugify("a\u202eb\u200fc\u0000")).toBe("abc");
  });

  test("I31-12 a long title is cut between characters, within the schema's 80", () => {
    const long = slugify("हिन्दी ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(long.endsWith("-")).toBe(false);
    expect("हिन्दी-".repeat(40).startsWith(long)).toBe(true);
    // The last character is whole: a vowel sign is not left without its consonant, nor cut off.
    expect(["ह", "ि", "न", "्", "द", "ी"].some((c) => long.endsWith(c))).toBe(true);
    expect(long.endsWith("न्")).toBe(false);
  });

  test("I31-12 a title in each of the 20 languages slugs to itself again (one canonical form)", () => {
    for (const [language, title] of Object.entries(LANGUAGE_SAMPLES)) {
      const slug = slugify(title);
      expect(slug, language).not.toBe("");
      expect(isSlug(slug), language).toBe(true);
    }
  });

  test("I31-12 tags in the 20 languages keep distinct slugs", () => {
    const slugs = Object.values(LANGUAGE_SAMPLES).map(termSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
    // Tones tell Vietnamese words apart: "ma" (ghost) and "má" (mother) are two tags.
    expect(termSlug("má")).not.toBe(termSlug("ma"));
  });

  test("I31-12 a term with nothing readable gets a stable short id of its own", () => {
    expect(slugify("🎉")).toBe("");
    expect(termSlug("🎉")).toMatch(/^t-[0-9a-z]+$/);
    expect(termSlug("🎉")).toBe(termSlug(" 🎉 "));
    expect(termSlug("🎉")).not.toBe(termSlug("🔥"));
    expect(isSlug(termSlug("🎉"))).toBe(true);
    expect(termSlug("   ")).toBe("");
  });

  test("I31-12 site address labels stay ASCII [a-z0-9-] for DNS", () => {
    expect(dnsLabel("Café Riverside")).toBe("cafe-riverside");
    expect(dnsLabel("مميز")).toBe("");
    expect(dnsLabel("高级 School")).toBe("school");
  });
});
