/**
 * A pure function of a string, its answers kept by that string (decision 0331): for work a page view
 * repeats on text that rarely changes (a listing's description sanitised, its snippet). At most
 * `maxCharacters` characters of keys and answers (as `size` counts them) are kept, the oldest forgotten
 * first; an answer larger than that is worked out every time. Client-safe; imports nothing.
 */
export function keptByText<T>(compute: (text: string) => T, maxCharacters: number, size: (answer: T) => number): (text: string) => T {
  const kept = new Map<string, T>();
  let characters = 0;
  return (text) => {
    const found = kept.get(text);
    if (found !== undefined) return found;
    const answer = compute(text);
    const cost = text.length + size(answer);
    if (cost > maxCharacters) return answer;
    kept.set(text, answer);
    characters += cost;
    for (const [oldest, old] of kept) {
      if (characters <= maxCharacters) break;
      kept.delete(oldest);
      characters -= oldest.length + size(old);
    }
    return answer;
  };
}
