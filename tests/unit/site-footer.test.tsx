// @vitest-environment jsdom
// The footer's roads are not loader data (decision 0329): the server renders the footer from the roads the
// root loader read, and the browser reads the browse tabs back from the HTML it hydrates. What it reads must
// be what footerBrowseTabs made of the roads, and the tree it renders from them the server's HTML, byte for
// byte (or hydration would change the footer).
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { readFooterTabs, SiteFooter } from "../../app/components/SiteFooter";
import { footerBrowseTabs, type FooterRoad } from "../../app/navigation";
import { PageContextProvider, type PageContext } from "../../app/ops/page-context";

const uk = (n: number): FooterRoad => ({ name: `M${n}`, slug: `m${n}`, description: n % 3 ? `Town ${n} - Other & "Quoted" <${n}>` : "", country: "united-kingdom" });
const roads: FooterRoad[] = [
  ...Array.from({ length: 12 }, (_, i) => uk(i + 1)),
  { name: "A16", slug: "a16", description: "L'Isle-Adam - Dunkerque", country: "france" },
  { name: "A43", slug: "a43", description: "Lyon - Chambéry - Modane", country: "france" },
  { name: "A74(M)", slug: "a74m", description: "Abington - Gretna", country: "united-kingdom" },
];

function footer(context: PageContext): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <PageContextProvider value={context}>
        <SiteFooter />
      </PageContextProvider>
    </MemoryRouter>,
  );
}

const serverContext = (footerRoads: FooterRoad[] | undefined): PageContext => ({
  nonce: "",
  requestId: "",
  staticMarkup: (_key: object | string, render: () => ReactElement) => renderToStaticMarkup(render()),
  footerRoads,
});

describe("the footer's browse tabs read back from the page", () => {
  it("are the tabs the server made of the roads, and the browser's footer is the server's HTML", () => {
    const html = footer(serverContext(roads));
    expect(html).toContain("footer-browse__all");
    document.body.innerHTML = html;
    expect(readFooterTabs(document)).toEqual(footerBrowseTabs(roads));
    // The browser's render (no staticMarkup): its tabs come from this document, read once.
    expect(footer({ nonce: "", requestId: "" })).toBe(html);
  });

  it("are the road-less tabs when the root loader read no roads (an error page), as before", () => {
    const html = footer(serverContext(undefined));
    const page = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    expect(readFooterTabs(page)).toEqual(footerBrowseTabs([]));
  });
});
