import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import type { ReactNode } from "react";
import { getSessionUser } from "./auth/guards.server";
import { blogMenuCategories } from "./blog/posts.server";
import { DocumentRoot } from "./components/DocumentRoot";
import { SiteFooter as SiteFooterNow } from "./components/SiteFooter";
import { SiteHeader as SiteHeaderNow } from "./components/SiteHeader";
import { OfflineLayer } from "./components/offline/OfflineLayer";
import { usePageContext } from "./ops/page-context";
import { footerRoads } from "./search/reference.server";
import { siteUrl } from "./mail/links.server";
import { StatusPage, statusCopy } from "./components/StatusPage";
import { HydratesLate, hydratesOnItsOwn } from "./components/search/hooks";
import accountStyles from "./styles/account.css?url";
import offlineStyles from "./styles/offline.css?url";
import appStyles from "./styles/app.css?url";
import printStyles from "./styles/print.css?url";
import tokens from "./styles/tokens.css?url";

// The header and the footer (each about a fifth of a page's elements) hydrate in tasks of their own, after
// the page (decision 0351). Until then they work as without JavaScript: plain links, <details> menus.
const SiteHeader = hydratesOnItsOwn(SiteHeaderNow);
const SiteFooter = hydratesOnItsOwn(SiteFooterNow);

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tokens },
  { rel: "stylesheet", href: appStyles },
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: offlineStyles },
  { rel: "stylesheet", href: printStyles, media: "print" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (issue 53): the manifest and the home-screen icon; the service worker registers in OfflineLayer.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, roads, categories] = await Promise.all([getSessionUser(request), footerRoads(), blogMenuCategories()]);
  // For the server's render of the footer only, not loader data: the browser reads the footer's links
  // from the page it hydrates (decision 0329), so no page's data carries the 55 roads.
  context.footerRoads = roads;
  return {
    user: user && { username: user.username, isAdmin: user.isAdmin },
    blogCategories: categories.map(({ slug, name }) => ({ slug, name })),
    /** For absolute canonical links (app/seo.ts). */
    siteUrl: siteUrl(),
  };
}

export const meta: MetaFunction = ({ error }) => [{ title: error ? `${statusCopy(error).title} — Pawroute` : "Pawroute" }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { nonce } = usePageContext();

  // Lets tests (and CSS, if ever needed) tell a hydrated page from the server-rendered HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <DocumentRoot lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f4d3a" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <HydratesLate>
          <SiteHeader user={data?.user ?? null} blogCategories={data?.blogCategories} />
        </HydratesLate>
        <OfflineLayer member={data?.user?.username ?? null} />
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <HydratesLate>
          <SiteFooter />
        </HydratesLate>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </DocumentRoot>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <StatusPage />;
}
