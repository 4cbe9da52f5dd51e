/**
 * What changed between two texts, word by word (the strategy's version comparison):
 * the longest common run of words stays, the rest is removed from the old text or added
 * to the new one. Consecutive changed words form one part, so a reader sees phrases.
 */
export type DiffPart = { text: string; changed: boolean };
export type WordDiff = { before: DiffPart[]; after: DiffPart[] };

const words = (text: string) => text.split(/\s+/).filter((word) => word.length > 0);

/** Joins words into parts, merging neighbours with the same `changed`. */
function toParts(list: string[], kept: boolean[]): DiffPart[] {
  const parts: DiffPart[] = [];
  list.forEach((word, index) => {
    const changed = !kept[index];
    const last = parts.at(-1);
    if (last && last.changed === changed) last.text += ` ${word}`;
    else parts.push({ text: word, changed });
  });
  return parts;
}

export function wordDiff(before: string, after: string): WordDiff {
  const a = words(before);
  const b = words(after);
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const keptA = new Array<boolean>(a.length).fill(false);
  const keptB = new Array<boolean>(b.length).fill(false);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      keptA[i++] = true;
      keptB[j++] = true;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return { before: toParts(a, keptA), after: toParts(b, keptB) };
}
