// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import { enhanceOrderReference } from "./orders.enhancers";

/** The template OrderReference renders on /thankyou, as the server sends it. */
function referenceTemplate() {
  const template = document.createElement("template");
  template.dataset.enhance = "order-reference";
  template.dataset.slot = "{order}";
  template.innerHTML = '<p data-testid="order-reference">Order reference: {order}</p>';
  document.body.append(template);
  return template;
}

const at = (search: string) => window.history.replaceState(null, "", `/thankyou${search}`);

describe("the thank-you page's order reference (an island page's enhancer)", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    at("");
  });

  test("the reference from the address is shown in the server's sentence", () => {
    at("?order=DA-2041");
    enhanceOrderReference(referenceTemplate());
    const shown = document.querySelector('[data-testid="order-reference"]');
    expect(shown?.textContent).toBe("Order reference: DA-2041");
    expect(document.querySelector("template")).toBeNull();
  });

  test("no reference, or one that is not letters, digits and dashes, shows nothing", () => {
    for (const search of ["", "?order=", "?order=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"]) {
      at(search);
      enhanceOrderReference(referenceTemplate());
      expect(document.querySelector('[data-testid="order-reference"]')).toBeNull();
      document.body.innerHTML = "";
    }
  });
});
