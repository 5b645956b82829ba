// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from "vitest";
import { enhanceBackToTop, enhanceCookieNotice, enhanceOwnerScripts } from "./site.enhancers";

/** The cookie notice as CookieNotice sends it to an island page: hidden, three buttons. */
function cookieCard() {
  const card = document.createElement("section");
  card.hidden = true;
  card.innerHTML = ["all", "required", "disabled"]
    .map(
      (choice) => `<button type="button" data-consent="${choice}"><span>${choice}</span></button>`,
    )
    .join("");
  document.body.append(card);
  return card;
}

describe("I32 the site frame without React (an island page's enhancers)", () => {
  afterEach(() => {
    document.cookie = "cookie_consent=; max-age=0";
    document.body.innerHTML = "";
    vi.restoreAllMocks();
  });

  test("P15 I32 with no stored choice the notice shows; a button stores the choice, announces it and takes the notice away", () => {
    const card = cookieCard();
    enhanceCookieNotice(card);
    expect(card.hidden).toBe(false);
    const announced: unknown[] = [];
    window.addEventListener("lyceum:consent", (event) =>
      announced.push((event as CustomEvent).detail),
    );
    card
      .querySelector('[data-consent="required"] span')!
      .dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(document.cookie).toContain("cookie_consent=required");
    expect(announced).toEqual(["required"]);
    expect(card.isConnected).toBe(false);
    expect(document.documentElement.style.getPropertyValue("--cookie-notice-offset")).toBe("");
  });

  test("P15 I32 a stored choice leaves the notice out", () => {
    document.cookie = "cookie_consent=all";
    const card = cookieCard();
    enhanceCookieNotice(card);
    expect(card.isConnected).toBe(false);
  });

  test("P16 I32 back-to-top appears past 200 px with the page's percentage and scrolls to the top", async () => {
    const button = document.createElement("button");
    button.innerHTML = "<svg><circle data-ring></circle></svg><span data-percent>0%</span>";
    document.body.append(button);
    vi.spyOn(document.documentElement, "scrollHeight", "get").mockReturnValue(2000);
    Object.defineProperty(window, "innerHeight", { configurable: true, value: 1000 });
    enhanceBackToTop(button);
    expect(button.hasAttribute("data-visible")).toBe(false);

    Object.defineProperty(window, "scrollY", { configurable: true, value: 500 });
    window.dispatchEvent(new Event("scroll"));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(button.hasAttribute("data-visible")).toBe(true);
    expect(button.querySelector("[data-percent]")!.textContent).toBe("50%");
    expect(
      Number(button.querySelector("[data-ring]")!.getAttribute("stroke-dashoffset")),
    ).toBeCloseTo(Math.PI * 23);

    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    button.click();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  test("P13 I32 the owner's HTML is added at the end of the page from its marker, once", () => {
    const marker = document.createElement("div");
    marker.dataset.html = '<p id="owner-widget">hi</p>';
    document.body.append(marker);
    enhanceOwnerScripts(marker);
    expect(marker.isConnected).toBe(false);
    expect(document.querySelector("[data-owner-scripts] #owner-widget")).not.toBeNull();
    enhanceOwnerScripts(marker);
    expect(document.querySelectorAll("#owner-widget")).toHaveLength(1);
  });
});
