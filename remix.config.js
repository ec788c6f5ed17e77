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

      route("healthz", "routes/healthz.ts", { id: "healthz" });
      route("*", "routes/not-found.tsx", { id: "not-found" });
    });
  },
};
