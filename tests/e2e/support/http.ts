import http from "node:http";

/** A plain HTTP GET to 127.0.0.1 with any Host header (fetch would not let us set Host). */
export function get({
  port,
  path = "/",
  host,
}: {
  port: number;
  path?: string;
  host: string;
}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
}

/** Any request to 127.0.0.1 with a Host header, a cookie and a JSON body; answers headers too. */
export function send({
  port,
  host,
  path,
  method = "GET",
  json,
  cookie,
}: {
  port: number;
  host: string;
  path: string;
  method?: string;
  json?: unknown;
  cookie?: string;
}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const payload = json === undefined ? undefined : JSON.stringify(json);
  const headers: Record<string, string> = { host, origin: `http://${host}` };
  if (payload) headers["content-type"] = "application/json";
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    // A connection per request (no keep-alive): several server workers each get their turn.
    const req = http.request(
      { host: "127.0.0.1", port, path, method, headers, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
