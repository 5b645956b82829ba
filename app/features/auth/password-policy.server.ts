import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/** Why a password was refused; each is an i18n key under `auth.passwordReasons`. */
export type PasswordReason = "tooShort" | "tooLong" | "common" | "personal" | "weak";

// zxcvbn ships a list of ~30 000 common passwords plus English words and names; its feedback is
// plain keys, which we fold into our few translated reasons. Ranking those lists takes a quarter
// of a second: the first password checked pays it, not every server start (decision 019). Its
// packages are loaded then too: 12 MB of heap a server that only signs people in never needs
// (decision 049).
let zxcvbn: Promise<ZxcvbnFactory> | undefined;
const checker = () =>
  (zxcvbn ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
    });
  })());

const commonWarnings = new Set([
  "topTen",
  "topHundred",
  "common",
  "similarToCommon",
  "pwned",
  "wordByItself",
]);

/** Reasons a password is too weak; empty when it may be used. */
export async function passwordWeaknesses(
  password: string,
  personal: string[] = [],
): Promise<PasswordReason[]> {
  if (password.length < MIN_PASSWORD_LENGTH) return ["tooShort"];
  if (password.length > MAX_PASSWORD_LENGTH) return ["tooLong"];
  const inputs = personal
    .flatMap((value) => value.toLowerCase().split(/[@.\s]+/))
    .filter((v) => v.length > 2);
  const result = (await checker()).check(password, inputs);
  if (result.score >= 3) return [];
  const warning = result.feedback.warning ?? "";
  const usesPersonal = result.sequence.some(
    (match) => "dictionaryName" in match && match.dictionaryName === "userInputs",
  );
  if (warning === "userInputs" || usesPersonal) return ["personal"];
  if (commonWarnings.has(warning)) return ["common"];
  return ["weak"];
}
