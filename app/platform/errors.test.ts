import { expect, test } from "vitest";
import { AppError, isAppError } from "./errors";

test("A11 isAppError knows an AppError from another copy of this module by its name and shape", () => {
  expect(isAppError(new AppError({ code: "request.tooMany" }))).toBe(true);
  // What a second copy of the module (a bundle's) throws: another class, the same name and fields.
  class OtherCopy extends Error {
    override name = "AppError";
    readonly code = "request.tooMany";
    readonly status = 429;
  }
  expect(isAppError(new OtherCopy())).toBe(true);
  const named = Object.assign(new Error("x"), { name: "AppError" });
  expect(isAppError(named)).toBe(false);
  expect(isAppError({ name: "AppError", code: "request.tooMany", status: 429 })).toBe(false);
  expect(isAppError(new Error("request.tooMany"))).toBe(false);
});
