// React Router's default Node entry (@react-router/dev config/defaults/entry.server.node.tsx),
// with this request's CSP nonce (decision 016) on every script React and React Router write.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext, nonceContext } from "~/platform/csp-nonce";
import { IslandCollectorContext, createIslandCollector } from "~/platform/islands/island";
import { isIslandDocument } from "~/platform/islands/island-document";
import { renderIslands } from "~/islands/render-islands.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Set by server/app.ts for every page; without one (never expected) scripts go out unmarked
  // and the browser refuses them rather than running anything unvetted.
  const nonce = loadContext.get(nonceContext) || undefined;

  // A public page of a site is HTML plus its islands (decision 048): rendered whole, then each
  // island on its own; React Router's scripts stay off it.
  const islands = isIslandDocument(routerContext) ? createIslandCollector() : null;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots, SPA mode and island documents wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || islands
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after `streamTimeout`, leaving time to flush rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <IslandCollectorContext.Provider value={islands}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandCollectorContext.Provider>
      </NonceContext.Provider>,
      {
        // React's own inline scripts (streamed Suspense boundaries) carry it too.
        nonce,
        // Every boundary complete when the shell is flushed stays inline. React otherwise
        // moves a large one (the media library's grid) to the end of the body and reveals it
        // up to 2 s later; a hydration that reaches it first renders its own copy, and the
        // server's hidden copy stayed in the page beside it (CI, media.spec).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          if (islands) {
            resolve(islandDocument(pipe, islands, responseHeaders, responseStatusCode));
            clearTimeout(timeoutId);
            timeoutId = undefined;
            return;
          }
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by handleDocumentRequest when it rejects.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** The whole document as text, each island's placeholder replaced by its own rendering. */
async function islandDocument(
  pipe: (destination: NodeJS.WritableStream) => void,
  islands: ReturnType<typeof createIslandCollector>,
  headers: Headers,
  status: number,
): Promise<Response> {
  const body = new PassThrough();
  const chunks: Buffer[] = [];
  body.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => body.on("end", resolve).on("error", reject));
  pipe(body);
  await ended;
  const html = renderIslands(Buffer.concat(chunks).toString("utf8"), islands);
  headers.set("Content-Type", "text/html");
  return new Response(html, { headers, status });
}
