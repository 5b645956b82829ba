// The demo site's shop from outside, as browsers and Stripe reach it (issue 16's crash test and
// the checkout bench): a browser with a cookie jar and a loopback address of its own, the owner
// setting up Stripe, a product for a demo course and a coupon, buyers signing up and in, and
// Stripe's webhook redelivery. Plain Node: no app code.
import http from "node:http";
import { FAKE_PROVIDER_KEYS } from "../../fakes/fake-keys.ts";
import { httpSender, type WebhookSender } from "../../fakes/fake-kit.ts";
import { stripeSignature } from "../../fakes/fake-stripe.ts";

export const demoHost = "demo.localhost";
export const demoOwner = { email: "owner@demo.test", password: "Lyceum-Demo-2026!" };
export const buyerPassword = "Quartz-Ledger-Harbour-73";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Reply = { status: number; body: string; ms: number; headers: http.IncomingHttpHeaders };

/**
 * A browser on `demo.localhost:<port>`: every request carries the site's Host and Origin and the
 * cookies the site set, from the loopback address `from` (per-address limits never meet). No
 * keep-alive: a killed server leaves no half-dead socket behind.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly port: number;
  readonly from: string;
  readonly host: string;

  constructor(port: number, from: string, host = `${demoHost}:${port}`) {
    this.port = port;
    this.from = from;
    this.host = host;
  }

  get origin() {
    return `http://${this.host}`;
  }

  request(method: string, path: string, json?: unknown): Promise<Reply> {
    const payload = json === undefined ? undefined : JSON.stringify(json);
    const headers: Record<string, string> = { host: this.host, origin: this.origin };
    if (payload) headers["content-type"] = "application/json";
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: this.port,
          path,
          method,
          headers,
          localAddress: this.from,
          agent: false,
        },
        (res) => {
          for (const line of res.headers["set-cookie"] ?? []) {
            const [pair = "", ...attributes] = line.split(";");
            const eq = pair.indexOf("=");
            const name = pair.slice(0, eq).trim();
            const value = pair.slice(eq + 1).trim();
            const gone = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
            if (gone) this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body,
              ms: performance.now() - started,
              headers: res.headers,
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  get = (path: string) => this.request("GET", path);
  post = (path: string, json: unknown) => this.request("POST", path, json);
}

/** The body of a 2xx answer as JSON, else an error naming the request. */
export function expectJson<T>(reply: Reply, what: string, status = 200): T {
  if (reply.status !== status)
    throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
  return JSON.parse(reply.body) as T;
}

export async function signIn(browser: Browser, email: string, password: string) {
  const reply = await browser.post("/api/auth/sign-in/email", { email, password });
  if (reply.status !== 200 || ![...browser.cookies.keys()].some((k) => k.includes("session")))
    throw new Error(`sign-in as ${email} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
}

/** The first link of the newest mail to an address (the mail catcher's). */
type MailLinks = { link: (to: string) => Promise<string> };

/** A new student of the demo: sign-up, the e-mailed link, then sign-in, as a visitor does. */
export async function signUpBuyer(
  browser: Browser,
  mail: MailLinks,
  { email, name }: { email: string; name: string },
) {
  const signUp = await browser.post("/api/account/sign-up", {
    name,
    email,
    password: buyerPassword,
  });
  if (signUp.status !== 202) throw new Error(`sign-up of ${email} answered ${signUp.status}`);
  const link = new URL(await mail.link(email));
  const verified = await browser.get(`${link.pathname}${link.search}`);
  if (verified.status !== 302) throw new Error(`${email}'s link answered ${verified.status}`);
  await signIn(browser, email, buyerPassword);
}

export type Shop = { productId: string; priceId: string; courseId: string; coupon: string };

/**
 * The owner's part: Stripe enabled with the fakes' keys, a published product in USD for the
 * demo course `courseTitle` (found through the site's search), and a 20 % coupon for everyone,
 * as often as they like, up to a million uses.
 */
export async function openShop(
  owner: Browser,
  { courseTitle = "Design Foundations", coupon = "CRASH20", slug = "crash-course-pass" } = {},
): Promise<Shop> {
  await signIn(owner, demoOwner.email, demoOwner.password);
  const stripe = await owner.request("PUT", "/api/payments/providers", {
    provider: "stripe",
    enabled: true,
    ...FAKE_PROVIDER_KEYS.stripe,
  });
  expectJson(stripe, "Stripe settings");
  const search = expectJson<{ hits: { courses: { id: string; title: string }[] } }>(
    await owner.get(`/api/search?q=${encodeURIComponent(courseTitle)}&type=courses`),
    "course search",
  );
  const course = search.hits.courses.find((hit) => hit.title === courseTitle);
  if (!course) throw new Error(`the demo has no course "${courseTitle}"`);
  const saved = expectJson<{ ok: true; id: string }>(
    await owner.post("/api/products", {
      title: `${courseTitle} pass`,
      slug,
      description: "",
      image: null,
      kind: "course",
      status: "published",
      visibility: "public",
      prices: [
        {
          currency: "USD",
          amount: 4900,
          saleAmount: null,
          saleStartsAt: null,
          saleEndsAt: null,
          billing: "one_time",
          interval: null,
          trialDays: 0,
          iterations: 0,
        },
      ],
      grants: [{ target: "course", targetId: course.id }],
    }),
    "new product",
    201,
  );
  const product = expectJson<{ product: { prices: { id: string; currency: string }[] } }>(
    await owner.get(`/api/products/${saved.id}`),
    "product",
  );
  const price = product.product.prices.find((p) => p.currency === "USD");
  if (!price) throw new Error("the new product has no USD price");
  expectJson(
    await owner.post("/api/coupons", {
      name: coupon,
      discountType: "percentage",
      amount: 20,
      usageLimit: 1_000_000,
      perUserLimit: 0,
    }),
    "new coupon",
    201,
  );
  return { productId: saved.id, priceId: price.id, courseId: course.id, coupon };
}

/**
 * Stripe's retries, in milliseconds rather than hours: an event is sent again, signed anew
 * (its signature's timestamp is checked), until the site answers 2xx or `stopped()` says so.
 */
export function redeliveringSender(
  webhookSecret: string,
  {
    stopped = () => false,
    maxDelayMs = 1000,
  }: { stopped?: () => boolean; maxDelayMs?: number } = {},
) {
  const counts = { attempts: 0, refused: 0, unreachable: 0 };
  /** How many answers of each non-2xx status. */
  const statuses = new Map<number, number>();
  const sender: WebhookSender = async (url, init) => {
    for (let attempt = 0; ; attempt++) {
      counts.attempts++;
      const headers = {
        ...init.headers,
        "stripe-signature": stripeSignature(
          init.body,
          webhookSecret,
          Math.floor(Date.now() / 1000),
        ),
      };
      try {
        const answer = await httpSender(url, { ...init, headers });
        if (answer.status >= 200 && answer.status < 300) return answer;
        counts.refused++;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (stopped()) return answer;
      } catch (error) {
        counts.unreachable++;
        if (stopped()) throw error;
      }
      const backoff = Math.min(25 * 2 ** attempt, maxDelayMs);
      await sleep(backoff / 2 + Math.random() * (backoff / 2));
    }
  };
  return { sender, counts, statuses };
}
