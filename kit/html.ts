// The one HTML escape: for text put into HTML or XML we write by hand (mail, the stand-alone error page,
// stored rich text, the Atom feed, demo posts). React escapes what it renders; this is for everything
// else. Client-safe: the rich-text editor uses it in the browser.

/** Text made safe inside HTML or XML elements and attribute values (either quote), as numeric references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
