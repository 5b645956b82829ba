import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { neededSheets } from "../../scripts/mantine-sheets";

const imported = () =>
  [
    ...fs
      .readFileSync(path.join(import.meta.dirname, "mantine-styles.ts"), "utf8")
      .matchAll(/^import "@mantine\/core\/styles\/(.+)\.css";$/gm),
  ].map((match) => match[1]);

test("I12 the app imports the stylesheet of every Mantine component it uses, and no other, in Mantine's order", () => {
  expect(imported()).toEqual(neededSheets());
});

test("I12 a component used without its sheet is caught", () => {
  const names = new Set(["Button", "Select"]);
  const sheets = neededSheets(names);
  // Button is drawn on UnstyledButton; Select on Combobox, Input and Popover.
  expect(sheets).toEqual(
    expect.arrayContaining(["UnstyledButton", "Button", "Combobox", "Input", "Popover"]),
  );
  expect(sheets).not.toContain("Tabs");
});

test("I12 the root loads Mantine's styles through this list, never the whole sheet", () => {
  const root = fs.readFileSync(path.join(import.meta.dirname, "../root.tsx"), "utf8");
  expect(root).toContain('import "~/ui/mantine-styles";');
  expect(root).not.toContain("@mantine/core/styles.css");
});
