// Starts the three payment providers' fakes for browser tests (Playwright's global setup):
//
//   node tests/fakes/serve.ts [--stripe 12111] [--paypal 12112] [--razorpay 12113] [--log]
//
// and prints, once all three listen, one line `FAKES_READY {json}` with the environment the
// app needs (STRIPE_API_BASE, PAYPAL_API_BASE, RAZORPAY_API_BASE, RAZORPAY_CHECKOUT_JS_URL)
// and the keys and webhook secrets a site's payment settings take. Port 0 = any free port.
// Stops on SIGTERM / SIGINT.
import { parseArgs } from "node:util";
import { FAKE_PROVIDER_KEYS } from "./fake-keys.ts";
import { startFakePaypal } from "./fake-paypal.ts";
import { startFakeRazorpay } from "./fake-razorpay.ts";
import { startFakeStripe } from "./fake-stripe.ts";

async function main() {
  const { values } = parseArgs({
    options: {
      stripe: { type: "string", default: "0" },
      paypal: { type: "string", default: "0" },
      razorpay: { type: "string", default: "0" },
      log: { type: "boolean", default: false },
    },
  });
  const log = values.log
    ? (name: string) => (line: string) => process.stderr.write(`[fake ${name}] ${line}\n`)
    : () => undefined;
  const [stripe, paypal, razorpay] = await Promise.all([
    startFakeStripe({ port: Number(values.stripe), log: log("stripe") }),
    startFakePaypal({ port: Number(values.paypal), log: log("paypal") }),
    startFakeRazorpay({ port: Number(values.razorpay), log: log("razorpay") }),
  ]);
  const ready = {
    env: {
      STRIPE_API_BASE: stripe.url,
      PAYPAL_API_BASE: paypal.url,
      RAZORPAY_API_BASE: razorpay.url,
      RAZORPAY_CHECKOUT_JS_URL: razorpay.checkoutJsUrl,
    },
    keys: FAKE_PROVIDER_KEYS,
    control: {
      stripe: `${stripe.url}/__fake`,
      paypal: `${paypal.url}/__fake`,
      razorpay: `${razorpay.url}/__fake`,
    },
  };
  process.stdout.write(`FAKES_READY ${JSON.stringify(ready)}\n`);
  const stop = () => {
    void Promise.all([stripe.close(), paypal.close(), razorpay.close()]).then(() =>
      process.exit(0),
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

await main();
