// The route table: public pages under the public layout, /account/* under the members' layout,
// /account/admin/* under the administrators' layout. vite.config.ts passes this to the Remix plugin.
// File names are relative to app/.

/** @type {import("@remix-run/dev").AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
  routes(defineRoutes) {
    return defineRoutes((route) => {
      route(undefined, "routes/public/layout.tsx", { id: "public" }, () => {
        route(undefined, "routes/public/home.tsx", { index: true, id: "public/home" });
      });

      route("account", "routes/account/layout.tsx", { id: "account" }, () => {
        route("admin", "routes/account/admin/layout.tsx", { id: "account/admin" }, () => {});
      });

      // JSON API and tiles (geo engine): resource routes, no UI.
      route("api/locations/search/browse/road-counts", "routes/api/road-counts.ts", { id: "api/road-counts" });
      route("api/locations/search/:searchType", "routes/api/search.ts", { id: "api/search" });
      // geocoder, tiles, facilities, location details
      route("api/geocode", "routes/api/geocode.ts", { id: "api/geocode" });
      route("api/facilities", "routes/api/facilities.ts", { id: "api/facilities" });
      route("api/locations/:id", "routes/api/location.ts", { id: "api/location" });
      route("tiles/:layer/:z/:x/:y", "routes/tiles.ts", { id: "tiles" });
      // directions
      route("api/directions", "routes/api/directions.ts", { id: "api/directions" });

      route("healthz", "routes/healthz.ts", { id: "healthz" });
      route("*", "routes/not-found.tsx", { id: "not-found" });
    });
  },
};
