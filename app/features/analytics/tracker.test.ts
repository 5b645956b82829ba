import { describe, expect, test } from "vitest";
import {
  campaignOf,
  describeDevice,
  deviceTypeOf,
  isMeasuredPath,
  isSensitivePath,
  readConsent,
  readPurchase,
} from "./tracker";

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const ipad =
  "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const androidTablet =
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const firefoxLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";
const edgeWindows =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0";

describe("P21 P22 browser side of analytics", () => {
  test("P21 the consent cookie is read by the shared contract; anything else is no choice", () => {
    expect(readConsent("theme=dark; cookie_consent=disabled")).toBe("disabled");
    expect(readConsent("cookie_consent=all")).toBe("all");
    expect(readConsent("cookie_consent=required; x=1")).toBe("required");
    expect(readConsent("cookie_consent=maybe")).toBeNull();
    expect(readConsent("")).toBeNull();
  });

  test("P22 a funnel needs all three utm parameters, non-blank", () => {
    expect(campaignOf("?utm_source=a&utm_medium=b&utm_campaign=c&x=1")).toEqual({
      utm_source: "a",
      utm_medium: "b",
      utm_campaign: "c",
    });
    expect(campaignOf("?utm_source=a&utm_medium=b")).toBeNull();
    expect(campaignOf("?utm_source=a&utm_medium=b&utm_campaign=%20")).toBeNull();
    expect(campaignOf("")).toBeNull();
  });

  test("P22 device type from the browser's own hints first, then the 768 / 1024 px widths", () => {
    expect(deviceTypeOf({ userAgent: iphone }, 1200)).toBe("mobile");
    expect(deviceTypeOf({ userAgent: ipad }, 800)).toBe("tablet");
    expect(deviceTypeOf({ userAgent: androidTablet }, 1280)).toBe("tablet");
    expect(deviceTypeOf({ userAgent: firefoxLinux, userAgentData: { mobile: true } }, 1280)).toBe(
      "mobile",
    );
    expect(deviceTypeOf({ userAgent: firefoxLinux }, 767)).toBe("mobile");
    expect(deviceTypeOf({ userAgent: firefoxLinux }, 768)).toBe("tablet");
    expect(deviceTypeOf({ userAgent: firefoxLinux }, 1024)).toBe("desktop");
  });

  test("P22 deviceInfo holds a browser family and a platform name, never the user agent string", () => {
    expect(describeDevice({ userAgent: firefoxLinux }, { width: 1280, height: 800 })).toEqual({
      browser: "Firefox",
      platform: "Linux",
      screenWidth: 1280,
      screenHeight: 800,
      deviceType: "desktop",
    });
    expect(describeDevice({ userAgent: edgeWindows }, { width: 1920, height: 1080 })).toMatchObject(
      { browser: "Edge", platform: "Windows" },
    );
    expect(describeDevice({ userAgent: iphone }, { width: 390, height: 844 })).toMatchObject({
      browser: "Safari",
      platform: "iOS",
      deviceType: "mobile",
    });
    const hinted = describeDevice(
      {
        userAgent: "anything",
        userAgentData: {
          brands: [{ brand: "Not.A/Brand" }, { brand: "Chromium" }, { brand: "Google Chrome" }],
          mobile: false,
          platform: "macOS",
        },
      },
      { width: 1440, height: 900 },
    );
    expect(hinted).toMatchObject({ browser: "Chrome", platform: "macOS", deviceType: "desktop" });
    expect(JSON.stringify(hinted)).not.toContain("anything");
  });

  test("P21 the dashboard is never measured; sign-in and checkout pages never load the tag first", () => {
    expect(isMeasuredPath("/dashboard")).toBe(false);
    expect(isMeasuredPath("/dashboard/profile")).toBe(false);
    expect(isMeasuredPath("/dashboards-explained")).toBe(true);
    expect(isMeasuredPath("/blog")).toBe(true);
    for (const path of ["/login", "/login/reset-password", "/signup", "/checkout", "/x/checkout"])
      expect(isSensitivePath(path), path).toBe(true);
    expect(isSensitivePath("/blog/login-tips")).toBe(false);
  });

  test("P21 M4 the lyceum:purchase detail is read without zod: transaction_id, currency, value, items", () => {
    const items = [{ item_id: "p-1", item_name: "Course", price: 10, quantity: 1 }];
    const detail = { transaction_id: "order-1", currency: "USD", value: 10, items };
    expect(readPurchase(detail)).toEqual(detail);
    expect(readPurchase({ ...detail, extra: "dropped" })).toEqual(detail);
    for (const bad of [
      null,
      "purchase",
      [],
      { ...detail, transaction_id: undefined },
      { ...detail, transaction_id: " " },
      { ...detail, transaction_id: 7 },
      { ...detail, value: "10" },
      { ...detail, currency: null },
      { ...detail, items: "none" },
    ])
      expect(readPurchase(bad), JSON.stringify(bad)).toBeNull();
  });
});
