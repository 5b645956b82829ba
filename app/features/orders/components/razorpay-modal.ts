// Razorpay's Checkout modal in the browser, for every page that pays in it (C5, C7).

/** The handler's signed answer: payment id with the order's or subscription's, and a signature. */
export type RazorpayHandlerResult = Record<string, string>;
type RazorpayCtor = new (options: Record<string, unknown>) => { open(): void };

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return resolve();
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("payment.providerFailed"));
    document.head.append(script);
  });
}

/**
 * Razorpay's Checkout modal opened with the `client` part of a payment start: its handler's
 * signed answer, or null when the buyer closed it. The answer is for the server to verify
 * (the shop's checkout; the platform's plans from the billing screen).
 */
export async function openRazorpayModal(
  client: Record<string, unknown>,
): Promise<RazorpayHandlerResult | null> {
  const { scriptUrl, ...options } = client;
  await loadScript(typeof scriptUrl === "string" ? scriptUrl : "");
  const Razorpay = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
  if (!Razorpay) throw new Error("payment.providerFailed");
  return new Promise<RazorpayHandlerResult | null>((resolve) => {
    new Razorpay({
      ...options,
      handler: (answer: RazorpayHandlerResult) => resolve(answer),
      modal: { ondismiss: () => resolve(null) },
    }).open();
  });
}
