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
