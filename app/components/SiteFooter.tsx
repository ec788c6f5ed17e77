import { useMemo } from "react";
import {
  footerBrowseTabs,
  type FooterBrowseTab,
  type FooterRoad,
} from "../navigation";
import { usePageContext } from "../ops/page-context";
import { PawIcon } from "./icons";
import { FooterBrowse } from "./nav/FooterBrowse";
import { useDelegatedLinks } from "./nav/useDelegatedLinks";

const NO_ROADS: FooterRoad[] = [];

/**
 * The footer, the same on every page while the road list is: the server renders its inside once per
 * cached road list (about 180 elements; decision 0323) and the browser renders and hydrates it as usual.
 * Its one click handler navigates in the page for the browse tabs' plain links (other sites' links are
 * left to the browser).
 */
export function SiteFooter({ roads }: { roads: FooterRoad[] | undefined }) {
  const { staticMarkup } = usePageContext();
  const onLinkClick = useDelegatedLinks();
  const list = roads ?? NO_ROADS;
  const browseTabs = useMemo(
    () => (staticMarkup ? null : footerBrowseTabs(list)),
    [staticMarkup, list]
  );
  if (staticMarkup) {
    const html = staticMarkup(list, () => (
      <FooterInside browseTabs={footerBrowseTabs(list)} />
    ));
    return (
      <footer
        className="site-footer"
        onClick={onLinkClick}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return (
    <footer className="site-footer" onClick={onLinkClick}>
      <FooterInside browseTabs={browseTabs ?? []} />
    </footer>
  );
}

function FooterInside({ browseTabs }: { browseTabs: FooterBrowseTab[] }) {
  return (
    <div className="site-footer__inner container">
      {browseTabs.length > 0 ? (
        <nav className="site-footer__browse" aria-labelledby="browse-title">
          <h2 id="browse-title">Browse dog-friendly stops</h2>
          <FooterBrowse tabs={browseTabs} />
        </nav>
      ) : null}
      <section className="site-footer__about" aria-labelledby="about-title">
        <h2 id="about-title" className="site-footer__brand">
          <span className="brand__mark">
            <PawIcon size={18} />
          </span>
          Pawroute
        </h2>
        <p>
          Dog-friendly walks, pubs, beaches, places to stay and vets near the
          roads you travel in the UK and France — made by dog owners, for dog
          owners.
        </p>
      </section>
      <section aria-labelledby="credits-title" className="site-footer__credits">
        <h2 id="credits-title">Data credits</h2>
        <ul>
          <li>
            Towns and villages: <a href="https://www.geonames.org/">GeoNames</a>
            , licensed under{" "}
            <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>
            .
          </li>
          <li>
            Land and coastline:{" "}
            <a href="https://www.naturalearthdata.com/">Natural Earth</a>{" "}
            (public domain).
          </li>
          <li>
            Road lines in the demo data are drawn through the towns each road
            passes and are approximate. Where real road data is loaded it comes
            from{" "}
            <a href="https://www.openstreetmap.org/copyright">
              © OpenStreetMap contributors
            </a>{" "}
            (ODbL).
          </li>
        </ul>
      </section>
      <p className="site-footer__legal">
        Always check opening times and dog rules before you travel: they change.
      </p>
    </div>
  );
}
