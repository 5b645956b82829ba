// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import { enhanceHeaderNotice } from "./notices.enhancers";

function notice() {
  const element = document.createElement("div");
  element.innerHTML = '<p>Open day</p><button type="button" data-dismiss>×</button>';
  document.body.append(element);
  return element;
}

describe("I32 the header notice without React (an island page's enhancer)", () => {
  afterEach(() => {
    window.sessionStorage.clear();
    document.body.innerHTML = "";
  });

  test("P14 I32 its close button dismisses it for the session", () => {
    const element = notice();
    enhanceHeaderNotice(element);
    expect(element.isConnected).toBe(true);
    element.querySelector<HTMLButtonElement>("[data-dismiss]")!.click();
    expect(element.isConnected).toBe(false);
    expect(window.sessionStorage.getItem("hide_header_notice")).toBe("true");
  });

  test("P14 I32 a notice dismissed earlier in the session is taken out", () => {
    window.sessionStorage.setItem("hide_header_notice", "true");
    const element = notice();
    enhanceHeaderNotice(element);
    expect(element.isConnected).toBe(false);
  });
});
