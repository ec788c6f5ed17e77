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
        // One route module per kind of search, each calling its own geo/search/<kind>.ts (decision 0306).
        route("search-results/*", "routes/public/results.tsx", { id: "public/results/search-results" });
        route("browse/road/*", "routes/public/results/road.tsx", { id: "public/results/road" });
        route("browse/*", "routes/public/results/browse.tsx", { id: "public/results/browse" });
        route("route/*", "routes/public/results/route.tsx", { id: "public/results/route" });
        route("location/*", "routes/public/results/location.tsx", { id: "public/results/location" });
        route("map-search-results/*", "routes/public/map-results.tsx", { id: "public/map/search-results" });
        route("map/*", "routes/public/map-results.tsx", { id: "public/map" });
        // Trip planner (issue 49): the plan is the URL; exports and the printable plan read the same query.
        route("trip", "routes/public/trip/index.tsx", { id: "public/trip" });
        route("trip/print", "routes/public/trip/print.tsx", { id: "public/trip/print" });
        route("trip/export.gpx", "routes/public/trip/export.ts", { id: "public/trip/export.gpx" });
        route("trip/export.ics", "routes/public/trip/export.ts", { id: "public/trip/export.ics" });
        route("trips/:shareId", "routes/public/trip/shared.tsx", { id: "public/trip/shared" });
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

        // Public pages: blog, story, contact, FAQs, newsletter, sitemap (issue 16).
        route("bark-out", "routes/public/bark-out/index.tsx", { id: "public/bark-out" });
        route("bark-out/submit", "routes/public/bark-out/submit.tsx", { id: "public/bark-out/submit" });
        route("bark-out/:slug", "routes/public/bark-out/post.tsx", { id: "public/bark-out/post" });
        route("bark-out/:slug/favourite", "routes/public/bark-out/favourite.ts", { id: "public/bark-out/favourite" });
        route("contact", "routes/public/contact.tsx", { id: "public/contact" });
        route("faqs", "routes/public/faqs.tsx", { id: "public/faqs" });
        route("newsletter", "routes/public/newsletter/index.tsx", { id: "public/newsletter" });
        route("newsletter/confirm", "routes/public/newsletter/confirm.tsx", { id: "public/newsletter/confirm" });
        route("newsletter/unsubscribe", "routes/public/newsletter/unsubscribe.tsx", { id: "public/newsletter/unsubscribe" });

        // Public pages: member profiles, leaderboard (issue 13).
        route("profile/:username", "routes/public/profile/index.tsx", { id: "public/profile" });
        route("leaderboard", "routes/public/leaderboard.tsx", { id: "public/leaderboard" });

        // Public pages: Treats (issue 14).
        route("treats", "routes/public/treats.tsx", { id: "public/treats" });

        // Public pages: subscriptions and payment (issue 15).
        route("subscriptions", "routes/public/subscriptions.tsx", { id: "public/subscriptions" });
        route("payment", "routes/public/payment.tsx", { id: "public/payment" });
        route("subscription-confirmation", "routes/public/subscription-confirmation.tsx", { id: "public/subscription-confirmation" });
        route("subscription-update", "routes/public/subscription-update.tsx", { id: "public/subscription-update" });
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
        // Your listings and reviews, account navigation (issue 10).
        route("listings", "routes/account/listings.tsx", { id: "account/listings" });
        route("reviews", "routes/account/reviews.tsx", { id: "account/reviews" });
        route("trips", "routes/account/trips.tsx", { id: "account/trips" });
        // Offline (issue 53): what this browser keeps; a plain "Keep for offline" post lands here.
        route("offline", "routes/account/offline.tsx", { id: "account/offline" });

        // Member area: checklist, profile, referral, receipts (issue 13).
        route("edit-profile", "routes/account/edit-profile.tsx", { id: "account/edit-profile" });
        route("edit-gallery/:id", "routes/account/edit-gallery.tsx", { id: "account/edit-gallery" });
        route("refer-a-friend", "routes/account/refer-a-friend.tsx", { id: "account/refer-a-friend" });
        route("social-media", "routes/account/social-media.tsx", { id: "account/social-media" });
        route("receipts", "routes/account/receipts.tsx", { id: "account/receipts" });

        // Member area: claiming, redeeming and gifting Treats (issue 14).
        route("claim-treat", "routes/account/claim-treat.tsx", { id: "account/claim-treat" });
        route("treats", "routes/account/treats/index.tsx", { id: "account/treats" });
        route("treats/:id", "routes/account/treats/detail.tsx", { id: "account/treats/detail" });
        route("treats/:id/redeem", "routes/account/treats/redeem.tsx", { id: "account/treats/redeem" });
        route("treats/:id/gift", "routes/account/treats/gift.tsx", { id: "account/treats/gift" });
        // Member area: subscriptions and receipts (issue 15).
        route("receipts/:id", "routes/account/receipt.tsx", { id: "account/receipt" });
        route("select-plan", "routes/account/subscriptions/select-plan.tsx", { id: "account/select-plan" });
        route("subscriptions", "routes/account/subscriptions/index.tsx", { id: "account/subscriptions" });
        route("subscriptions/renew", "routes/account/subscriptions/manage.tsx", { id: "account/subscriptions/renew" });
        route("subscriptions/enable-autorenew", "routes/account/subscriptions/manage.tsx", { id: "account/subscriptions/enable-autorenew" });
        route("subscriptions/cancel", "routes/account/subscriptions/manage.tsx", { id: "account/subscriptions/cancel" });
        route("subscriptions/:change", "routes/account/subscriptions/change.tsx", { id: "account/subscriptions/change" });
        route("payment/change", "routes/account/payment/change.tsx", { id: "account/payment/change" });
        route("change-payment-method", "routes/account/payment/change.tsx", { id: "account/change-payment-method" });

        route("admin", "routes/account/admin/layout.tsx", { id: "account/admin" }, () => {
          // Back office: dashboard, listings, view-edit, reviews, users, roads (issue 11).
          route(undefined, "routes/account/admin/dashboard.tsx", { index: true, id: "account/admin/dashboard" });
          route("listings", "routes/account/admin/listings.tsx", { id: "account/admin/listings" });
          route("listings/:status", "routes/account/admin/listings.tsx", { id: "account/admin/listings/status" });
          route("view-edit", "routes/account/admin/view-edit.tsx", { id: "account/admin/view-edit" });
          route("reviews", "routes/account/admin/reviews.tsx", { id: "account/admin/reviews" });
          route("reviews/:x", "routes/account/admin/reviews.tsx", { id: "account/admin/reviews/x" });
          route("users", "routes/account/admin/users.tsx", { id: "account/admin/users" });
          route("users/:x", "routes/account/admin/users.tsx", { id: "account/admin/users/x" });
          route("manage-roads", "routes/account/admin/roads.tsx", { id: "account/admin/manage-roads" });
          route("manage-roads/:x", "routes/account/admin/roads.tsx", { id: "account/admin/manage-roads/x" });

          // Back office: blog posts, books, contact messages (issue 16).
          route("blog-posts", "routes/account/admin/blog/list.tsx", { id: "account/admin/blog-posts" });
          route("blog-posts/new", "routes/account/admin/blog/edit.tsx", { id: "account/admin/blog-posts/new" });
          route("blog-posts/edit/:id", "routes/account/admin/blog/edit.tsx", { id: "account/admin/blog-posts/edit" });
          route("blog-posts/preview/:id", "routes/account/admin/blog/preview.tsx", { id: "account/admin/blog-posts/preview" });
          route("blog-posts/:segment", "routes/account/admin/blog/list.tsx", { id: "account/admin/blog-posts/segment" });
          route("books", "routes/account/admin/blog/books.tsx", { id: "account/admin/books" });
          route("contact-messages", "routes/account/admin/blog/contact-messages.tsx", { id: "account/admin/contact-messages" });
          route("contact-messages/:id", "routes/account/admin/blog/contact-messages.tsx", { id: "account/admin/contact-messages/message" });

          // Back office: Treats (issue 14). /treats/{slug}: the chance percentages, opened on the Treat with that slug ("chances": on none; decision 0112).
          route("treats", "routes/account/admin/treats/list.tsx", { id: "account/admin/treats" });
          route("treats/add", "routes/account/admin/treats/edit.tsx", { id: "account/admin/treats/add" });
          route("treats/edit/:id", "routes/account/admin/treats/edit.tsx", { id: "account/admin/treats/edit" });
          route("treats/:slug", "routes/account/admin/treats/chances.tsx", { id: "account/admin/treats/chances" });

          // Back office: friendly discounts (issue 15).
          route("affiliate-links", "routes/account/admin/affiliate-links/list.tsx", { id: "account/admin/affiliate-links" });
          route("affiliate-links/:id", "routes/account/admin/affiliate-links/edit.tsx", { id: "account/admin/affiliate-links/edit" });
        });
      });

      // JSON API and tiles (geo engine): resource routes, no UI.
      route("api/locations/search/browse/road-counts", "routes/api/road-counts.ts", { id: "api/road-counts" });
      route("api/locations/search/:searchType", "routes/api/search.ts", { id: "api/search" });
      // geocoder, tiles, facilities, location details
      route("api/geocode", "routes/api/geocode.ts", { id: "api/geocode" });
      route("api/facilities", "routes/api/facilities.ts", { id: "api/facilities" });
      route("api/locations/:id", "routes/api/location.ts", { id: "api/location" });
      route("tiles/:layer/:z/:x/:y", "routes/tiles.ts", { id: "tiles" });
      // What "Keep for offline" stores (issue 53).
      route("api/offline/:kind/:id", "routes/api/offline-plan.ts", { id: "api/offline-plan" });
      // directions
      route("api/directions", "routes/api/directions.ts", { id: "api/directions" });

      // ALTCHA challenges for the captcha widget (accounts).
      route("captcha/challenge", "routes/account/captcha-challenge.ts", { id: "captcha/challenge" });

      // Uploads (issue 6): the image API and the stored versions.
      route("api/gallery/items", "routes/api/gallery.ts", { id: "api/gallery/items" });
      route("api/files/:id", "routes/api/files.ts", { id: "api/files" });
      route("uploads/:id/:file", "routes/uploads.ts", { id: "uploads" });

      // Subscriptions and payments (issue 15): the payment calls, webhooks, the local Stripe.js stand-in's API.
      route("api/users/me/payment/stripe/setup", "routes/api/payments/setup.ts", { id: "api/payments/setup" });
      route("api/users/me/paymentMethod", "routes/api/payments/payment-method.ts", { id: "api/payments/payment-method" });
      route("api/users/me/subscriptions/current/renew", "routes/api/payments/renew.ts", { id: "api/payments/renew" });
      route("api/users/me/subscriptions/current/enable-autorenew", "routes/api/payments/enable-autorenew.ts", { id: "api/payments/enable-autorenew" });
      route("api/webhooks/stripe", "routes/api/webhooks-stripe.ts", { id: "api/webhooks/stripe" });
      route("local/stripe-api/*", "routes/api/local-stripe.ts", { id: "local/stripe-api" });
      // PayPal (issue 15): the vault setup token, PayPal's webhook, the local PayPal JS SDK stand-in's API.
      route("api/users/me/payment/paypal/setup", "routes/api/payments/paypal-setup.ts", { id: "api/payments/paypal-setup" });
      route("api/webhooks/paypal", "routes/api/webhooks-paypal.ts", { id: "api/webhooks/paypal" });
      route("local/paypal-api/*", "routes/api/local-paypal.ts", { id: "local/paypal-api" });

      // Operations: readiness, metrics (issue 12).

      // Feeds and sitemap (issue 16).
      route("bark-out/feed.atom", "routes/public/bark-out/feed.ts", { id: "bark-out/feed" });
      route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" });

      route("*", "routes/not-found.tsx", { id: "not-found" });
    });
  },
};
