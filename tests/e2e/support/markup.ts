// The shape of a server-rendered page with its data taken out: what axe's rules read (elements, their
// classes, roles, types, styles, and which attributes and texts are present or empty), without the words,
// URLs and ids that differ from one listing to the next. Two pages of one route module with the same shape
// are the same template filled with different words: the axe walk checks one of them (decision 0317).

/** Attributes whose value is part of the shape (the rest count only as present and empty or not). */
const KEPT_VALUES = new Set(["class", "role", "type", "style", "rel", "lang", "dir", "tabindex", "hidden", "disabled", "aria-hidden", "aria-live", "aria-modal", "aria-expanded"]);

/** The page's shape, one token per element, closing tag or non-blank text. */
export function markupShape(html: string): string {
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "<script>")
    .replace(/<style\b[\s\S]*?<\/style>/gi, "<style>")
    .replace(/<!--[\s\S]*?-->/g, "");
  const tokens: string[] = [];
  for (const [, tag, text] of body.matchAll(/(<[^>]*>)|([^<]+)/g)) {
    if (text !== undefined) {
      if (text.trim()) tokens.push("#text");
      continue;
    }
    const match = /^<(\/?)([a-zA-Z][\w-]*)([\s\S]*?)\/?>$/.exec(tag);
    if (!match) continue;
    const [, closing, name, rest] = match;
    if (closing) {
      tokens.push(`</${name.toLowerCase()}>`);
      continue;
    }
    const attributes: string[] = [];
    for (const [, key, , double, single, bare] of rest.matchAll(/([^\s=/]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const attribute = key.toLowerCase();
      const value = double ?? single ?? bare ?? "";
      attributes.push(KEPT_VALUES.has(attribute) ? `${attribute}=${value}` : `${attribute}${value.trim() ? "=…" : "=∅"}`);
    }
    tokens.push(`<${name.toLowerCase()} ${attributes.sort().join(" ")}>`);
  }
  return tokens.join("\n");
}
