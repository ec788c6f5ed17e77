import { createHash } from "node:crypto";

/**
 * A page kept in the render cache allows its inline scripts by their SHA-256 hashes instead of the
 * request's nonce (docs/decisions/0295-kept-pages-compressed-once.md). A nonce changes on every
 * response, so a kept page's bytes changed on every hit and had to be compressed again each time (a
 * nonce cannot be swapped inside a Brotli stream). With the hashes, the page and its
 * Content-Security-Policy are the same on every response, and the page is compressed once.
 *
 * The policy stays as strict: only these exact scripts run inline (a script an attacker slipped into
 * the page would not match a hash), and every other source is unchanged. What was the nonce is taken
 * out of the page, so no response names a value that once allowed a script.
 */

/** Inline scripts: no `src`, and a type the browser runs (not JSON-LD or other data blocks). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype\s*=\s*"(?!module"|text\/javascript")[^"]*"/i;

export interface HashedPage {
  body: Buffer;
  csp: string;
}

/**
 * The page with its nonce attributes taken out and the policy with the nonce source replaced by the
 * hashes of the page's inline scripts; null when that cannot be done exactly (the nonce appears
 * elsewhere in the page, the policy has no nonce source, a script holds a carriage return, which the
 * browser's parser would turn into a line feed before hashing).
 */
export function hashInlineScripts(body: Buffer, nonce: string, policy: string): HashedPage | null {
  const source = `'nonce-${nonce}'`;
  if (nonce === "" || !policy.includes(source)) return null;
  const html = body.toString("utf8").replaceAll(` nonce="${nonce}"`, "");
  if (html.includes(nonce)) return null;
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes) || content === "") continue;
    if (content.includes("\r")) return null;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  // A page with no inline script allows none: the policy's other script sources stay.
  return { body: Buffer.from(html, "utf8"), csp: policy.replace(source, [...hashes].join(" ")).replace(/ {2,}/g, " ") };
}
