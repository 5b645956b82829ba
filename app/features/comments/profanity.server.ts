import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";

/**
 * V2 (spec §5): swear words from obscenity's English dataset, a maintained list of several
 * hundred terms with their spellings (leet, repeated letters), found case-insensitively.
 * Built once per process: compiling the dataset takes a few milliseconds.
 */
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

const wordCharacter = /[\p{L}\p{N}_]/u;
const isWordAt = (text: string, index: number) =>
  index >= 0 && index < text.length && wordCharacter.test(text[index]!);

/**
 * The text with every swear word masked by asterisks, one per character. Whole words only: a
 * match inside a longer word ("Scunthorpe", "class", "shitty") is left as it is, which is the
 * rule of checklist V2 — a word is judged, not a string.
 */
export function maskProfanity(text: string): string {
  // obscenity's indexes count UTF-16 units; work on the same units.
  const units = text.split("");
  let changed = false;
  for (const match of matcher.getAllMatches(text)) {
    const { startIndex, endIndex } = match;
    if (isWordAt(text, startIndex - 1) || isWordAt(text, endIndex + 1)) continue;
    for (let i = startIndex; i <= endIndex; i++) units[i] = "*";
    changed = true;
  }
  return changed ? units.join("") : text;
}

/** Whether some whole word of the text is a swear word. */
export const hasProfanity = (text: string) => maskProfanity(text) !== text;
