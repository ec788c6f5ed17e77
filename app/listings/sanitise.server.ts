import sanitizeHtml from "sanitize-html";

/** The spec's allowlist for listing descriptions (§5): nothing else survives, and no attributes at all. */
export const DESCRIPTION_TAGS = ["p", "br", "strong", "ul", "li", "ol", "span", "em"] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: "discard",
  // script, style and the like lose their text too, not just their tags.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "template", "title", "head"],
};

/** Sanitised rich text: the editor's HTML reduced to the allowlist. */
export function sanitiseDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).replace(/<p>\s*<\/p>/g, "").trim();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A description typed without the editor (no JavaScript): blank lines make paragraphs, line breaks stay. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br />")}</p>`)
    .join("");
}

/** The plain text of sanitised HTML, for length checks, snippets and structured data. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li)>|<br\s*\/?>/gi, " "), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
