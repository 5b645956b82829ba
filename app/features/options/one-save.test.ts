import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import routes from "~/routes";

const root = path.resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const production = [...sources("app"), ...sources("server")];

function routeFiles(entries: readonly { file: string; children?: unknown }[]): string[] {
  return entries.flatMap((entry) => [
    `app/${entry.file}`,
    ...routeFiles((entry.children ?? []) as { file: string }[]),
  ]);
}

describe("I13 every site option is saved through one use case", () => {
  test("only the options' save writes the options table (and a new account's first options)", () => {
    const writers = production.filter((file) => /(?<!function )\bwriteOption\(/.test(read(file)));
    expect(writers).toEqual(["app/features/options/options.server.ts"]);
    const firstWriters = production.filter((file) =>
      /(?<!function )\bwriteFirstOption\(/.test(read(file)),
    );
    expect(firstWriters).toEqual(["app/features/sign-up/default-content.server.ts"]);
  });

  test("every route that writes an option calls saveSiteOption, directly or through the screens' save", () => {
    const savers = production.filter((file) => /\bsaveSiteOption\(/.test(read(file))).sort();
    // The screens' save and the options API, and features saving a setting of their own
    // through the same use case (the comments' hold rule, the Bunny credentials, the levels,
    // who may message whom, whether members see each other's profiles).
    expect(savers).toEqual([
      "app/features/comments/comments.server.ts",
      "app/features/dashboard/settings-screen.server.ts",
      "app/features/leaderboard/leaderboard.server.ts",
      "app/features/media/media.server.ts",
      "app/features/member-profiles/member-profiles.server.ts",
      "app/features/messages/messages.server.ts",
      "app/features/site/api.server.ts",
    ]);
    // Route modules that save a part of an option: each answers through answerSettingsPartSave.
    const routeModules = [...new Set(routeFiles(routes))];
    const optionRoutes = routeModules.filter((file) =>
      /import \{[^}]*\b\w+Part\b[^}]*\} from "~\/features\//.test(read(file)),
    );
    expect(optionRoutes.sort()).toEqual([
      "app/routes/dashboard/certificate-template.tsx",
      "app/routes/dashboard/marketing.tsx",
      "app/routes/dashboard/site-footer.tsx",
      "app/routes/dashboard/site-header.tsx",
      "app/routes/dashboard/site-index.tsx",
      "app/routes/dashboard/site-theme.tsx",
    ]);
    for (const file of optionRoutes) {
      const action = read(file).split("export async function action")[1] ?? "";
      expect(action, file).toMatch(/answerSettingsPartSave\(args, \[/);
    }
    // The options API saves each key whole through the same save (the menus with their sanitiser).
    const api = read("app/features/site/api.server.ts");
    expect(api).toMatch(/menusSavePart,/);
    expect(api).toMatch(/saveSiteOption\(database, \{/);
  });

  test("every settings editor saves through its screen's action, none through the API", () => {
    const editors = production.filter((file) => /\buseSettingsSave\(/.test(read(file)));
    expect(editors.length).toBeGreaterThanOrEqual(6);
    const apiCallers = production.filter((file) =>
      /fetch\(\s*["'`]\/api\/site\/options/.test(read(file)),
    );
    expect(apiCallers).toEqual([]);
  });
});
