import type { ReactNode } from "react";

/**
 * The page's <html> element. The production build hydrates with Preact
 * (build-tools/preact.ts), which renders into `document.documentElement` when asked
 * to render into the document: there the tree must start at <head> and <body>, or Preact would put a
 * second <html> inside the first. The server, and React in `npm run dev`, render the element itself.
 */
export function DocumentRoot({ lang, children }: { lang: string; children: ReactNode }) {
  if (import.meta.env.PREACT_IN_BROWSER) return <>{children}</>;
  return <html lang={lang}>{children}</html>;
}
