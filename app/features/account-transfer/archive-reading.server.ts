import fs from "node:fs";
import readline from "node:readline";
import { AppError } from "~/platform/errors";

/** An archive refused, with the reason a person reads (the manifest, a table, a file). */
export const invalid = (reason: string, cause?: unknown) =>
  new AppError({ code: "transfer.invalidArchive", details: { reason }, cause });

/** The lines of an archive's `.ndjson` entry, as written to a temporary file (none if absent). */
export async function* linesOf(file: string): AsyncGenerator<string> {
  if (!fs.existsSync(file)) return;
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield line;
}
