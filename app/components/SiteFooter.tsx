import type { FooterBrowseTab } from "../navigation";
import { PawIcon } from "./icons";
import { FooterBrowse } from "./nav/FooterBrowse";

export function SiteFooter({ browseTabs }: { browseTabs: FooterBrowseTab[] }) {
  return (
    <footer className="site-footer">
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
            Dog-friendly walks, pubs, beaches, places to stay and vets near the roads you travel in the UK and France — made by dog
            owners, for dog owners.
          </p>
        </section>
        <section aria-labelledby="credits-title" className="site-footer__credits">
          <h2 id="credits-title">Data credits</h2>
          <ul>
            <li>
              Towns and villages: <a href="https://www.geonames.org/">GeoNames</a>, licensed under{" "}
              <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.
            </li>
            <li>
              Land and coastline: <a href="https://www.naturalearthdata.com/">Natural Earth</a> (public domain).
            </li>
            <li>
              Road lines in the demo data are drawn through the towns each road passes and are approximate. Where real road data is
              loaded it comes from <a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a> (ODbL).
            </li>
          </ul>
        </section>
        <p className="site-footer__legal">Always check opening times and dog rules before you travel: they change.</p>
      </div>
    </footer>
  );
}
