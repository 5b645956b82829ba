import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  appSourceFiles,
  english,
  keyUses,
  lex,
  nodeAt,
  projectRoot,
} from "../../../tests/support/i18n-usage";

const where = (file: string, line: number) => `${path.relative(projectRoot, file)}:${line}`;

describe("I12 every key the code uses is in the English catalogue", () => {
  test("I12 the key scanner reads calls, branches, Trans, templates and data, not comments or regexes", () => {
    const source = [
      `// t("site.welcome") in a comment`,
      `const pattern = /["'](site)\\.x/g;`,
      `const label = t("cart.title");`,
      `const other = t(open ? "cart.open" : "cart.close", { count });`,
      `const heading = <Trans i18nKey="platform.home.title" components={{ b: <b /> }} />;`,
      `const closing = <Text>{t(\`chrome.notice.\${kind}\`)}</Text>;`,
      `const item = { label: "dashboard.menu.billing" };`,
      `const title = textIn(lang, "site.blog.title");`,
      `const code = "auth.forbidden";`,
    ].join("\n");
    const uses = keyUses(source).map(({ key, kind }) => `${kind} ${key}`);
    expect(uses.sort()).toEqual(
      [
        "call cart.title",
        "call cart.open",
        "call cart.close",
        "call platform.home.title",
        "prefix chrome.notice",
        "data dashboard.menu.billing",
        "call site.blog.title",
      ].sort(),
    );
  });

  test("I12 the scanner reads every source file of the app to its end", () => {
    for (const file of appSourceFiles()) {
      expect(() => lex(fs.readFileSync(file, "utf8")), file).not.toThrow();
    }
  });

  test("I12 every key passed to t(), textIn(), englishText() or <Trans> is a text in en.json, every built key's stem a group", () => {
    const missing: string[] = [];
    for (const file of appSourceFiles()) {
      for (const use of keyUses(fs.readFileSync(file, "utf8"))) {
        const node = nodeAt(english, use.key);
        if (use.kind === "call" && typeof node !== "string") {
          missing.push(
            `${where(file, use.line)} ${use.key} is ${node === undefined ? "missing" : "not a text"}`,
          );
        }
        if (use.kind === "prefix" && (typeof node !== "object" || node === null)) {
          missing.push(`${where(file, use.line)} ${use.key}.… has no group`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
