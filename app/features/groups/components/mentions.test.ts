import { describe, expect, test } from "vitest";
import { matchMentionable, mentionQueryAt, splitMentions } from "./mentions";

const ann = { userId: "u1", name: "Ann Émile", avatar: null, slug: "ann-emile" };
const bob = { userId: "u2", name: "Bob Stone", avatar: null, slug: "bob" };
const people = [ann, bob];

describe("Issue 35 group mentions in the browser", () => {
  test("the mention typed before the caret, never an e-mail address", () => {
    expect(mentionQueryAt("Hi @an", 6)).toEqual({ start: 3, query: "an" });
    expect(mentionQueryAt("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionQueryAt("mail ann@example", 16)).toBeNull();
    expect(mentionQueryAt("Hi @ann there", 13)).toBeNull();
  });

  test("members match by name (accents aside) or slug, those starting with it first, the writer left out", () => {
    expect(matchMentionable(people, "emi").map((p) => p.userId)).toEqual(["u1"]);
    expect(matchMentionable(people, "EMILE").map((p) => p.userId)).toEqual(["u1"]);
    expect(matchMentionable(people, "o").map((p) => p.userId)).toEqual(["u2"]);
    expect(matchMentionable(people, "", { except: "u1" }).map((p) => p.userId)).toEqual(["u2"]);
  });

  test("known @slugs become their people; unknown ones and addresses stay text", () => {
    expect(splitMentions("Hey @bob, @nobody and a@bob.io", people)).toEqual([
      "Hey ",
      { slug: "bob", person: bob },
      ", @nobody and a@bob.io",
    ]);
  });
});
