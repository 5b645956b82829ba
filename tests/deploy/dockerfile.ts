import fs from "node:fs";

/** One COPY of the image's last stage: from a stage (or the build context) to a path. */
export type ImageCopy = { from: string | null; sources: string[]; destination: string };

/** What the image's last stage is made of and runs, as its Dockerfile says. */
export type ImageStage = {
  workdir: string;
  env: Record<string, string>;
  copies: ImageCopy[];
  entrypoint: string[];
  user: string | null;
  exposed: number[];
  healthcheck: string[];
};

/** Instructions with their continuation lines joined and comments dropped. */
function instructions(text: string): { keyword: string; rest: string }[] {
  const joined = text
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), rest: rest.join(" ") };
    });
}

/** `ENV A=1 B="two"` (the only form the Dockerfile uses). */
function envPairs(rest: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const match of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g))
    pairs[match[1]!] = match[3] ?? match[2]!;
  return pairs;
}

/** The last stage of a Dockerfile: the image that ships. */
export function readImageStage(file: string): ImageStage {
  let stage: ImageStage | null = null;
  for (const { keyword, rest } of instructions(fs.readFileSync(file, "utf8"))) {
    if (keyword === "FROM") {
      stage = {
        workdir: "/",
        env: {},
        copies: [],
        entrypoint: [],
        user: null,
        exposed: [],
        healthcheck: [],
      };
      continue;
    }
    if (!stage) continue;
    if (keyword === "WORKDIR") stage.workdir = rest;
    if (keyword === "ENV") Object.assign(stage.env, envPairs(rest));
    if (keyword === "USER") stage.user = rest;
    if (keyword === "EXPOSE") stage.exposed.push(...rest.split(/\s+/).map(Number));
    if (keyword === "ENTRYPOINT") stage.entrypoint = JSON.parse(rest) as string[];
    if (keyword === "HEALTHCHECK")
      stage.healthcheck = JSON.parse(rest.slice(rest.indexOf("CMD") + 3));
    if (keyword === "COPY") {
      const words = rest.split(/\s+/);
      const from = words[0]?.startsWith("--from=") ? words.shift()!.slice("--from=".length) : null;
      const destination = words.pop()!;
      stage.copies.push({ from, sources: words, destination });
    }
  }
  if (!stage) throw new Error(`${file} has no FROM`);
  return stage;
}
