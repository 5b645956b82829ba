import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|svg|json|txt|xml|html|map)$/;
/** Below this, the header costs more than compression saves. */
const MIN_BYTES = 1024;

/** `.br` (quality 11) and `.gz` (level 9) beside a file, if it is worth it. */
function compressBeside(file: string) {
  const source = fs.readFileSync(file);
  if (source.length < MIN_BYTES) return;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
}

/** React Router's route manifest, which it writes among the client's assets during the server build. */
const routeManifest = /^manifest-[0-9a-f]+\.js$/;

/**
 * Writes `.br` and `.gz` beside every compressible file of the client build, once, so that a
 * request never pays for compressing a file that cannot change (`serveStatic({ precompressed:
 * true })` in server/app.ts picks them by Accept-Encoding). The route manifest comes later, with
 * the server build (decision 060).
 */
export function precompress(): Plugin {
  return {
    name: "lyceum-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      if (this.environment.name === "client") {
        for (const fileName of Object.keys(bundle)) {
          if (compressible.test(fileName)) compressBeside(path.join(dir, fileName));
        }
        return;
      }
      const config = this.environment.getTopLevelConfig();
      const client = config.environments.client;
      if (!client) return;
      const assets = path.resolve(config.root, client.build.outDir, "assets");
      if (!fs.existsSync(assets)) return;
      for (const name of fs.readdirSync(assets)) {
        if (routeManifest.test(name)) compressBeside(path.join(assets, name));
      }
    },
  };
}
