import { expect, test } from "vitest";
import { passwordWeaknesses } from "./password-policy.server";

test.each([
  ["short1", ["tooShort"]],
  ["password123", ["common"]],
  ["qwertyuiop", ["common"]],
  ["aaaaaaaaaaaa", ["weak"]],
  ["mariagarcia1", ["personal"]],
])("A1 weak password %s is refused with a reason", (password, reasons) => {
  expect(passwordWeaknesses(password, ["maria.garcia@example.com", "Maria Garcia"])).toEqual(
    reasons,
  );
});

test("A1 a strong password passes", () => {
  expect(passwordWeaknesses("correct-horse-battery-staple-91")).toEqual([]);
  expect(passwordWeaknesses("Tr4vel!ng-L1ght")).toEqual([]);
});
