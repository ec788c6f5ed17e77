import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FavouriteToggle } from "../../app/components/listing/FavouriteToggle";
import { MembersOnlyFavourite } from "../../app/components/MembersOnlyFavourite";
import { PageContextProvider } from "../../app/ops/page-context";

// A visitor's favourite tooltip is the same on every card of a page: the server renders its inside once
// per page address (decision 0329). The HTML must be what it was, card for card.
describe("the members-only favourite tooltip rendered once a page", () => {
  const kept = new Map<string, string>();
  let renders = 0;
  const staticMarkup = (key: object | string, render: () => ReactElement) => {
    if (typeof key !== "string") throw new Error("the tooltip keys its markup by text");
    if (!kept.has(key)) {
      renders++;
      kept.set(key, renderToStaticMarkup(render()));
    }
    return kept.get(key) as string;
  };
  const cards = (returnTo: string, withStaticMarkup: boolean) =>
    renderToStaticMarkup(
      <PageContextProvider value={{ nonce: "", requestId: "", staticMarkup: withStaticMarkup ? staticMarkup : undefined }}>
        {["Ellis & Ellis Vets, London", "The \"Dog\" <Inn>", "Café au chien"].map((title) => (
          <FavouriteToggle key={title} compact listingUrl="/vet/x" title={title} member={false} isFavourite={false} returnTo={returnTo} />
        ))}
        <MembersOnlyFavourite className="blog-favourite" returnTo={returnTo} saveWhat="articles to your favourites">
          Save
        </MembersOnlyFavourite>
      </PageContextProvider>,
    );

  it("writes the same HTML as tooltips rendered on each card, and renders one a page address and kind", () => {
    for (const returnTo of ["/location?location=London", "/route?from=London&to=Leeds&types=1,2", "/bark-out/a \"post\" & <more>"]) {
      const html = cards(returnTo, true);
      expect(html).toBe(cards(returnTo, false));
      expect(html).toContain(`/account/login/?redirectTo=${encodeURIComponent(returnTo)}`);
    }
    // Three addresses, two kinds of thing saved (places, articles), each rendered once for all its cards.
    expect(renders).toBe(6);
  });
});
