import type { Descendant } from "slate";
import type { FormattedText, ListItemElement } from "./slate-types";
import { escapeHtml } from "../../../kit/html";

function textToHtml(leaf: FormattedText): string {
  let html = escapeHtml(leaf.text).replace(/\n/g, "<br />");
  if (leaf.italic) html = `<em>${html}</em>`;
  if (leaf.bold) html = `<strong>${html}</strong>`;
  return html;
}

function inline(children: FormattedText[]): string {
  return children.map(textToHtml).join("");
}

/** The editor's document as the allowlisted HTML the server stores (after sanitising it again). */
export function serialise(nodes: Descendant[]): string {
  return nodes
    .map((node) => {
      if ("text" in node) return textToHtml(node);
      if (node.type === "paragraph") return `<p>${inline(node.children)}</p>`;
      if (node.type === "list-item") return `<li>${inline(node.children)}</li>`;
      const tag = node.type === "numbered-list" ? "ol" : "ul";
      return `<${tag}>${node.children.map((item) => `<li>${inline(item.children)}</li>`).join("")}</${tag}>`;
    })
    .join("");
}

function leavesOf(element: Node, marks: { bold?: boolean; italic?: boolean } = {}): FormattedText[] {
  const leaves: FormattedText[] = [];
  element.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      leaves.push({ text: child.textContent ?? "", ...marks });
      return;
    }
    if (!(child instanceof HTMLElement)) return;
    const tag = child.tagName.toLowerCase();
    if (tag === "br") leaves.push({ text: "\n", ...marks });
    else leaves.push(...leavesOf(child, { bold: marks.bold || tag === "strong" || tag === "b", italic: marks.italic || tag === "em" || tag === "i" }));
  });
  return leaves.length ? leaves : [{ text: "" }];
}

/** Stored HTML (already allowlisted) as the editor's document; runs in the browser only. */
export function deserialise(html: string): Descendant[] {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body;
  const nodes: Descendant[] = [];
  body.childNodes.forEach((child) => {
    if (child instanceof HTMLElement && (child.tagName === "UL" || child.tagName === "OL")) {
      const items: ListItemElement[] = Array.from(child.children).map((item) => ({ type: "list-item", children: leavesOf(item) }));
      if (items.length) nodes.push({ type: child.tagName === "OL" ? "numbered-list" : "bulleted-list", children: items });
    } else if (child instanceof HTMLElement) {
      nodes.push({ type: "paragraph", children: leavesOf(child) });
    } else if ((child.textContent ?? "").trim()) {
      nodes.push({ type: "paragraph", children: [{ text: child.textContent ?? "" }] });
    }
  });
  return nodes.length ? nodes : [{ type: "paragraph", children: [{ text: "" }] }];
}

/** Stored HTML as plain text for the textarea shown without JavaScript: paragraphs separated by a blank line. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li>/gi, "• ")
    .replace(/<\/(p|li|ul|ol)>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
