import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/** Why a password was refused; each is an i18n key under `auth.passwordReasons`. */
export type PasswordReason = "tooShort" | "tooLong" | "common" | "personal" | "weak";

// zxcvbn ships a list of ~30 000 common passwords plus English words and names; its feedback is
// plain keys, which we fold into our few translated reasons. Ranking those lists takes a quarter
// of a second: the first password checked pays it, not every server start (decision 019).
let zxcvbn: ZxcvbnFactory | undefined;
const checker = () =>
  (zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
  }));

const commonWarnings = new Set([
  "topTen",
  "topHundred",
  "common",
  "similarToCommon",
  "pwned",
  "wordByItself",
]);

/** Reasons a password is too weak; empty when it may be used. */
export function passwordWeaknesses(password: string, personal: string[] = []): PasswordReason[] {
  if (password.length < MIN_PASSWORD_LENGTH) return ["tooShort"];
  if (password.length > MAX_PASSWORD_LENGTH) return ["tooLong"];
  const inputs = personal
    .flatMap((value) => value.toLowerCase().split(/[@.\s]+/))
    .filter((v) => v.length > 2);
  const result = checker().check(password, inputs);
  if (result.score >= 3) return [];
  const warning = result.feedback.warning ?? "";
  const usesPersonal = result.sequence.some(
    (match) => "dictionaryName" in match && match.dictionaryName === "userInputs",
  );
  if (warning === "userInputs" || usesPersonal) return ["personal"];
  if (commonWarnings.has(warning)) return ["common"];
  return ["weak"];
}
