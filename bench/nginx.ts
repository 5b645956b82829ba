// The fastest thing that could serve a cached page: Debian's nginx sending the very bytes our
// server sent (compressed as it compressed them, with the same Content-Encoding) from a file.
// Loopback only, one worker like our one process.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, sleep } from "./tools.ts";

export async function startNginx(
  binary: string,
  {
    body,
    contentType,
    contentEncoding,
  }: { body: Buffer; contentType: string; contentEncoding?: string },
) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-nginx-"));
  fs.writeFileSync(path.join(root, "page"), body);
  // nginx started by root serves as an unprivileged worker, which must be able to read it.
  fs.chmodSync(root, 0o755);
  fs.chmodSync(path.join(root, "page"), 0o644);
  const port = await freePort();
  const config = path.join(root, "nginx.conf");
  const encoding = contentEncoding ? `add_header Content-Encoding ${contentEncoding};` : "";
  fs.writeFileSync(
    config,
    `worker_processes 1;
daemon off;
error_log ${root}/error.log warn;
pid ${root}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  # Node keeps a connection for any number of requests; so does nginx here (default 1000).
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / {
      default_type "${contentType}";
      ${encoding}
      try_files /page =404;
    }
  }
}
`,
  );
  const child = spawn(binary, ["-c", config, "-p", root], { stdio: "ignore" });
  let up = false;
  for (let i = 0; i < 50 && !up; i++) {
    up = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await sleep(100);
  }
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(root, { recursive: true, force: true });
  };
  if (!up) {
    const log = fs.readFileSync(path.join(root, "error.log"), "utf8");
    stop();
    throw new Error(`nginx did not start:\n${log}`);
  }
  return { port, stop };
}
