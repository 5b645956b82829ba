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
