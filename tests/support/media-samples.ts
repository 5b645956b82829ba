// Shared by the media tests: real sample files and a multipart upload.
import sharp from "sharp";
import type { Hono } from "hono";
import type { createClient } from "./http-client";

export const password = "Matrix-Harbour-Quartz-88";
let ipCount = 0;
export const ip = () => `10.77.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

export const samples = {
  png: (width = 2000, height = 1000) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer(),
  jpeg: () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366aa" } })
      .jpeg()
      .toBuffer(),
  webp: () =>
    sharp({ create: { width: 50, height: 50, channels: 3, background: "#000" } })
      .webp()
      .toBuffer(),
  pdf: (padding = 0) =>
    Buffer.concat([
      Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n"),
      Buffer.alloc(padding, 0x20),
      Buffer.from("\n%%EOF\n"),
    ]),
  /** The start of an MP4 (ftyp box, then an mdat box of `size` bytes). */
  mp4: (size = 4096) => {
    const ftyp = Buffer.from([
      0,
      0,
      0,
      0x18,
      ...Buffer.from("ftypmp42"),
      0,
      0,
      0,
      0,
      ...Buffer.from("mp42isom"),
    ]);
    const mdatHeader = Buffer.alloc(8);
    mdatHeader.writeUInt32BE(size + 8);
    mdatHeader.write("mdat", 4);
    const body = Buffer.alloc(size);
    for (let i = 0; i < size; i++) body[i] = i % 251;
    return Buffer.concat([ftyp, mdatHeader, body]);
  },
  svg: () =>
    Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="teal"/></svg>',
    ),
  svgWithScript: () =>
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="5" height="5"/></svg>',
    ),
  svgWithHandler: () =>
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" onload="alert(1)"/></svg>',
    ),
  svgWithForeignObject: () =>
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
    ),
  /** A Windows program's first bytes ("MZ", the DOS stub, a PE header). */
  exe: () => {
    const bytes = Buffer.alloc(1024);
    bytes.write("MZ", 0);
    bytes.writeUInt32LE(0x80, 0x3c);
    bytes.write("PE\0\0", 0x80, "latin1");
    bytes.write("This program cannot be run in DOS mode.", 0x4e);
    return bytes;
  },
};

export type UploadAnswer = {
  uploaded: {
    id: string;
    url: string;
    kind: string;
    mime: string;
    width: number | null;
    height: number | null;
    size: number;
    thumbnail: string | null;
  }[];
  rejected: { name: string; reason: string; format?: string }[];
  error?: { code: string };
};

/** A multipart upload from a signed-in client, as the dashboard sends it. */
export function uploadFiles(
  app: Hono<any>,
  client: ReturnType<typeof createClient>,
  host: string,
  files: { name: string; body: Buffer }[],
  folder = "",
) {
  const form = new FormData();
  form.append("folder", folder);
  for (const file of files) form.append("file", new Blob([new Uint8Array(file.body)]), file.name);
  const headers = new Headers({ host, origin: `http://${host}` });
  headers.set("cookie", [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "));
  return app.request(
    `http://${host}/api/media/upload`,
    { method: "POST", body: form, headers },
    { incoming: { socket: { remoteAddress: ip() } } },
  );
}
