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
        // Public search: homepage presets, motorway pickers, results list and map (paths read by app/search/url.ts).
        for (const preset of ["pubs", "beaches", "vets-in-france", "walks-in-france"]) {
          route(preset, "routes/public/home.tsx", { id: `public/home/${preset}` });
        }
        route("motorway-search", "routes/public/motorway-search.tsx", { id: "public/motorway-search" });
        route("motorway-search-france", "routes/public/motorway-search.tsx", { id: "public/motorway-search-france" });
        // Splats, not optional segments: app/search/url.ts reads (and 404s) the rest of the path, and
        // fewer route patterns keep route matching cheap on every request.
        for (const base of ["search-results", "browse", "route", "location"]) {
          route(`${base}/*`, "routes/public/results.tsx", { id: `public/results/${base}` });
        }
        route("map-search-results/*", "routes/public/map-results.tsx", { id: "public/map/search-results" });
        route("map/*", "routes/public/map-results.tsx", { id: "public/map" });
        // Accounts: the pages a visitor needs (join, log in, forgotten password, mailed links).
        route("join", "routes/public/join.tsx", { id: "public/join" });
        route("logout", "routes/public/logout.ts", { id: "public/logout" });
        route("account/login", "routes/account/login/index.tsx", { id: "account/login" });
        route("account/login/forgotten", "routes/account/login/forgotten.tsx", { id: "account/login/forgotten" });
        route("account/login/reset", "routes/account/login/reset.tsx", { id: "account/login/reset" });
        route("account/verify", "routes/account/verify.tsx", { id: "account/verify" });
        route("dev/mail", "routes/dev/mail.tsx", { id: "dev/mail" });
        // Listing pages (issue 6): explicit routes per walk-type path value, so /{type}/{slug} never swallows other pages.
        for (const type of ["dog-walk", "dog-friendly-pub", "dog-friendly-accommodation", "dog-friendly-beach", "dog-services", "member-business", "vet"]) {
          route(`${type}/:slug`, "routes/public/listing/page.tsx", { id: `public/listing/${type}` });
          route(`${type}/:slug/history`, "routes/public/listing/history.tsx", { id: `public/listing/${type}/history` });
          route(`${type}/:slug/directions`, "routes/public/listing/directions.tsx", { id: `public/listing/${type}/directions` });
          route(`${type}/:slug/directions/print`, "routes/public/listing/directions-print.tsx", { id: `public/listing/${type}/directions/print` });
          route(`${type}/:slug/review`, "routes/public/listing/review.tsx", { id: `public/listing/${type}/review` });
          route(`${type}/:slug/favourite`, "routes/public/listing/favourite.tsx", { id: `public/listing/${type}/favourite` });
          route(`${type}/:slug/edit`, "routes/public/listing/edit.tsx", { id: `public/listing/${type}/edit` });
        }
        route("add-listing", "routes/public/add-listing.tsx", { id: "public/add-listing" });
        route("profile/:username/favourites/:id", "routes/public/profile/favourites.tsx", { id: "public/profile/favourites" });
      });

      route("account", "routes/account/layout.tsx", { id: "account" }, () => {
        route(undefined, "routes/account/index.tsx", { index: true, id: "account/index" });
        route("set-username", "routes/account/set-username.tsx", { id: "account/set-username" });
        route("verify-email", "routes/account/verify-email.tsx", { id: "account/verify-email" });
        route("settings", "routes/account/settings/index.tsx", { id: "account/settings" });
        route("settings/email", "routes/account/settings/email.tsx", { id: "account/settings/email" });
        route("settings/password", "routes/account/settings/password.tsx", { id: "account/settings/password" });
        route("settings/address", "routes/account/settings/address.tsx", { id: "account/settings/address" });
        route("settings/email-settings", "routes/account/settings/email-settings.tsx", { id: "account/settings/email-settings" });
        route("settings/sessions", "routes/account/settings/sessions.tsx", { id: "account/settings/sessions" });
        route("settings/sessions/end-all", "routes/account/settings/end-all-sessions.tsx", { id: "account/settings/sessions/end-all" });
        route("add-member-business", "routes/account/add-member-business.tsx", { id: "account/add-member-business" });
        route("favourites", "routes/account/favourites/index.tsx", { id: "account/favourites" });
        route("favourites/all", "routes/account/favourites/all.tsx", { id: "account/favourites/all" });
        route("favourites/:id", "routes/account/favourites/list.tsx", { id: "account/favourites/list" });
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

      // ALTCHA challenges for the captcha widget (accounts).
      route("captcha/challenge", "routes/account/captcha-challenge.ts", { id: "captcha/challenge" });

      // Uploads (issue 6): the image API and the stored versions.
      route("api/gallery/items", "routes/api/gallery.ts", { id: "api/gallery/items" });
      route("api/files/:id", "routes/api/files.ts", { id: "api/files" });
      route("uploads/:id/:file", "routes/uploads.ts", { id: "uploads" });

      route("healthz", "routes/healthz.ts", { id: "healthz" });
      route("*", "routes/not-found.tsx", { id: "not-found" });
    });
  },
};
