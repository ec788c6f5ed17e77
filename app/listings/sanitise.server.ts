import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "../../kit/html";

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
  return decodeEntities(sanitizeHtml(html.replace(/<\/(p|li)>|<br\s*\/?>/gi, " "), { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, " ")
    .trim();
}

/** Sanitised HTML as text with its paragraphs, list items and line breaks kept as new lines (for a word diff). */
export function htmlToLines(html: string): string {
  return decodeEntities(
    html
      .replace(/<\/(p|li|ul|ol)>/gi, "\n")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The entities sanitised HTML holds, as characters. */
function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
