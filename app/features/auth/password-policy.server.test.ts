import { expect, test } from "vitest";
import { passwordWeaknesses } from "./password-policy.server";

test.each([
  ["short1", ["tooShort"]],
  ["password123", ["common"]],
  ["qwertyuiop", ["common"]],
  ["aaaaaaaaaaaa", ["weak"]],
  ["mariagarcia1", ["personal"]],
])("A1 weak password %s is refused with a reason", async (password, reasons) => {
  expect(await passwordWeaknesses(password, ["maria.garcia@example.com", "Maria Garcia"])).toEqual(
    reasons,
  );
});

test("A1 a strong password passes", async () => {
  expect(await passwordWeaknesses("correct-horse-battery-staple-91")).toEqual([]);
  expect(await passwordWeaknesses("Tr4vel!ng-L1ght")).toEqual([]);
});
