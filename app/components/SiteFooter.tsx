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
 * The footer, the same on every page while the road list is. The server renders its inside once per
 * cached road list (about 180 elements; decision 0323) from the roads the root loader read, which are not
 * sent as loader data (decision 0329). The browser reads the browse tabs back from the HTML it hydrates
 * (`pageFooterTabs`) and renders the same tree, so the tabs work and the footer stays as it is on
 * client-side navigation. Its one click handler navigates in the page for the browse tabs' plain links
 * (other sites' links are left to the browser).
 */
export function SiteFooter() {
  const { staticMarkup, footerRoads } = usePageContext();
  const onLinkClick = useDelegatedLinks();
  if (staticMarkup) {
    const roads = footerRoads ?? NO_ROADS;
    const html = staticMarkup(roads, () => (
      <FooterInside browseTabs={footerBrowseTabs(roads)} />
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
      <FooterInside browseTabs={pageFooterTabs()} />
    </footer>
  );
}

/** The browse tabs of the page the browser hydrated, read once (they change with a new document only). */
let tabsOfPage: FooterBrowseTab[] | undefined;

function pageFooterTabs(): FooterBrowseTab[] {
  if (typeof document === "undefined") return [];
  tabsOfPage ??= readFooterTabs(document);
  return tabsOfPage;
}

/**
 * The browse tabs as the server wrote them (FooterBrowse before JavaScript: a section a tab, its title
 * `<h3 id="footer-browse-{id}">` and its links, the first ones and those under 'View all links', in
 * order): what `footerBrowseTabs` made of the roads, so the browser's tree is the server's HTML.
 */
export function readFooterTabs(page: ParentNode): FooterBrowseTab[] {
  return Array.from(
    page.querySelectorAll(".site-footer .footer-browse__panel"),
    (section) => {
      const title = section.querySelector("h3");
      return {
        id: (title?.id ?? "").replace(/^footer-browse-/, ""),
        label: title?.textContent ?? "",
        links: Array.from(section.querySelectorAll("a"), (link) => ({
          to: link.getAttribute("href") ?? "",
          label: link.textContent ?? "",
        })),
      };
    }
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
