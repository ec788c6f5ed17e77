/** Address parts joined with commas, each said once ("Glasgow, Glasgow" is just "Glasgow"). */
export function joinPlaceParts(parts: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    kept.push(text);
  }
  return kept.join(", ");
}

/** Lower case with punctuation as spaces, padded, so a place can be matched as whole words. */
function wordsOf(text: string): string {
  return ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()} `;
}

/**
 * A listing's full title: its title and its place, unless the title already names the place
 * ("The Dog and Gun, Keswick" stays as it is rather than "The Dog and Gun, Keswick, Keswick").
 */
export function fullTitleOf(title: string, place: string): string {
  const name = title.trim();
  const where = place.trim();
  if (!name || !where || wordsOf(where).trim() === "") return name;
  return wordsOf(name).includes(wordsOf(where)) ? name : `${name}, ${where}`;
}
