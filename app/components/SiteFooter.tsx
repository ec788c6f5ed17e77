export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">Pawroute — dog-friendly days out and stops in the UK and France.</p>
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
      </div>
    </footer>
  );
}
