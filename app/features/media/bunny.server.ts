import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { z } from "zod";
import { defineOption } from "~/features/options/options";
import { getSiteOptions } from "~/features/options/options.server";
import type { Database } from "~/platform/db/database.server";
import { domainPattern } from "~/platform/patterns";

/** M9: a site's Bunny Stream library (spec §7 `bunnyCreds`). The key never leaves the server whole. */
export const bunnyCredsSchema = z.object({
  library_id: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/),
  api_key: z
    .string()
    .trim()
    .min(8)
    .max(200)
    .regex(/^[\w-]+$/),
  cdn_host: z.string().trim().max(200).regex(domainPattern).or(z.literal("")),
});
export type BunnyCreds = z.infer<typeof bunnyCredsSchema>;
export const bunnyCredsOption = defineOption("bunnyCreds", bunnyCredsSchema);

/** What a manager's screen may see of the credentials: the key's last four characters only. */
export type BunnyCredsView = { library_id: string; cdn_host: string; api_key_hint: string };
export const viewOfCreds = (creds: BunnyCreds): BunnyCredsView => ({
  library_id: creds.library_id,
  cdn_host: creds.cdn_host,
  api_key_hint: `••••${creds.api_key.slice(-4)}`,
});

export async function readBunnyCreds(
  database: Database,
  accountId: string,
): Promise<BunnyCreds | null> {
  const options = await database.forAccount(accountId, (tx) =>
    getSiteOptions(tx, { accountId, options: [bunnyCredsOption] }),
  );
  return options.bunnyCreds ?? null;
}

export class BunnyError extends Error {
  override name = "BunnyError";
}

/**
 * Bunny Stream through its documented HTTP API (`AccessKey` header): create the video object
 * (`POST /library/{id}/videos`), then send its bytes (`PUT /library/{id}/videos/{guid}`),
 * streamed from disk. `apiUrl` is https://video.bunnycdn.com, or a local fake in tests.
 */
export function bunnyStream({ apiUrl, creds }: { apiUrl: string; creds: BunnyCreds }) {
  const base = `${apiUrl.replace(/\/+$/, "")}/library/${encodeURIComponent(creds.library_id)}`;
  const headers = { AccessKey: creds.api_key, Accept: "application/json" };
  async function call(url: string, init: RequestInit & { duplex?: "half" }) {
    const response = await fetch(url, {
      ...init,
      headers: { ...headers, ...init.headers },
      signal: AbortSignal.timeout(10 * 60_000),
    });
    // The status only: Bunny's answer might echo what was sent.
    if (!response.ok) throw new BunnyError(`Bunny Stream answered ${response.status}`);
    return response;
  }
  return {
    async upload({ file, title }: { file: string; title: string }) {
      const created = await call(`${base}/videos`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ title }),
      });
      const { guid } = z.object({ guid: z.string().regex(/^[\w-]+$/) }).parse(await created.json());
      const { size } = await fs.stat(file);
      await call(`${base}/videos/${guid}`, {
        method: "PUT",
        headers: { "Content-Type": "application/octet-stream", "Content-Length": String(size) },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: "half",
      });
      return { videoId: guid, url: playUrl(creds, guid) };
    },
    async remove(videoId: string) {
      await call(`${base}/videos/${encodeURIComponent(videoId)}`, { method: "DELETE" });
    },
  };
}

/** Where a Bunny video plays: Bunny's player, embeddable in any page. */
export const playUrl = (creds: BunnyCreds, videoId: string) =>
  `https://iframe.mediadelivery.net/embed/${creds.library_id}/${videoId}`;
