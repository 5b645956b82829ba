import { describe, expect, test } from "vitest";
import { contentText, diffFields } from "./revision-diff";

describe("M2 comparing two revisions", () => {
  test("M2 rich text is compared as the words a reader sees, a line per block", () => {
    expect(
      contentText(
        "<h2>Intro</h2><p>Fish &amp; chips<br>today</p><ul><li>one</li><li>two</li></ul>",
      ),
    ).toBe("Intro\nFish & chips\ntoday\none\ntwo");
    expect(contentText('<p><img src="x" alt="pic"> <a href="/a">link</a></p>')).toBe("link");
  });

  test("M2 inserted and deleted words are marked, unchanged fields say so, and the counts add up", () => {
    const [title, excerpt] = diffFields(
      { title: "The quick brown fox", excerpt: "Same" },
      { title: "The slow brown dog jumps", excerpt: "Same" },
      [
        { key: "title", label: "Title" },
        { key: "excerpt", label: "Excerpt" },
      ],
    );
    expect(title!.changed).toBe(true);
    expect(title!.parts).toEqual([
      { kind: "same", text: "The " },
      { kind: "removed", text: "quick" },
      { kind: "added", text: "slow" },
      { kind: "same", text: " brown " },
      { kind: "removed", text: "fox" },
      { kind: "added", text: "dog jumps" },
    ]);
    expect([title!.added, title!.removed]).toEqual([3, 2]);
    expect(excerpt).toMatchObject({
      changed: false,
      added: 0,
      removed: 0,
      parts: [{ kind: "same", text: "Same" }],
    });
  });

  test("M2 a field missing on one side compares as empty", () => {
    const [tags] = diffFields({}, { tags: "news, how-to" }, [{ key: "tags", label: "Tags" }]);
    expect(tags!.parts).toEqual([{ kind: "added", text: "news, how-to" }]);
  });
});
