import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatCount } from "../../../kit/format";
import { HeroSign } from "../../components/HeroSign";
import { CompassIcon, RoadIcon } from "../../components/icons";
import { ListingTypeStat } from "../../components/ListingTypeStat";
import { RoadBadge } from "../../components/RoadBadge";
import { HomeSearch } from "../../components/search/HomeSearch";
import { HydratesLate, hydratesOnItsOwn } from "../../components/search/hooks";
import { directoryStats } from "../../directory/stats.server";
import {
  packHomeRoads,
  unpackHomeRoads,
  type HomeRoad,
} from "../../directory/home-roads";
import { KeptOnServer, keyOf, usePageContext } from "../../ops/page-context";
import { cookiesAreSecure } from "../../auth/cookies.server";
import { canonicalLink } from "../../seo";
import {
  homePreset,
  homeTabCookie,
  isHomeTab,
  tabFromCookieHeader,
  type HomePreset,
  type HomeTab,
} from "../../search/home";
import homeStyles from "../../styles/home.css?url";
import formStyles from "../../styles/forms.css?url";
import searchStyles from "../../styles/search.css?url";

// The homepage search at /, /pubs, /beaches, /vets-in-france and /walks-in-france (each preselects
// its type and country), then the live counts and the roads we cover.

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: homeStyles },
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => [
  {
    title:
      page && page.preset.path !== "/"
        ? `${page.preset.title} — Pawroute`
        : "Pawroute — dog-friendly walks, pubs, beaches and vets in the UK and France",
  },
  {
    name: "description",
    content:
      page?.preset.lead ??
      "Find dog walks, dog-friendly pubs and cafés, beaches, accommodation and vets near motorway junctions, around a place or along your route.",
  },
  canonicalLink(matches, page?.preset.path ?? "/"),
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("tab");
  // A tab link followed without JavaScript (?tab=…) is remembered here; with JavaScript the browser sets the cookie.
  const tab = isHomeTab(asked)
    ? asked
    : tabFromCookieHeader(request.headers.get("Cookie")) ?? "route";
  // One list of roads for the road lists and the road search form: the page sent the 55 roads twice.
  // Sent as one text, made once per road list: turbo-stream would walk each road's fields (decision 0333).
  const { listingsByType, roads } = await directoryStats();
  return data(
    {
      listingsByType,
      packedRoads: packHomeRoads(roads),
      preset: homePreset(url.pathname),
      tab,
    },
    isHomeTab(asked)
      ? { headers: { "Set-Cookie": homeTabCookie(asked, cookiesAreSecure()) } }
      : undefined
  );
}

type Road = HomeRoad;

function plural(count: number, one: string, many: string) {
  // Not toLocaleString("en-GB"): a new ICU formatter each call, about 9 ms of a phone's hydration for the roads.
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

function RoadGroup({ title, roads }: { title: string; roads: Road[] }) {
  return (
    <div className="road-group">
      <h3 className="road-group__title">
        {title}
        <span className="road-group__count">
          {plural(roads.length, "road", "roads")}
        </span>
      </h3>
      {roads.length === 0 ? (
        <p className="road-group__empty">
          No roads here yet — they are on the way.
        </p>
      ) : (
        <ul className="road-list">
          {roads.map((road) => (
            <li key={road.id} className="road-list__item">
              <RoadBadge
                name={road.name}
                country={road.country}
                motorway={road.motorway}
              />
              <span className="road-list__text">
                <span className="road-list__description">
                  {road.description}
                </span>
                <span className="road-list__junctions">
                  {plural(road.junctions, "junction", "junctions")}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RoadColumns({ roads }: { roads: Road[] }) {
  // In sign order already (directoryStats).
  const uk = roads.filter((road) => road.country === "united-kingdom");
  const france = roads.filter((road) => road.country === "france");
  return (
    <>
      <RoadGroup title="United Kingdom" roads={uk} />
      <RoadGroup title="France" roads={france} />
    </>
  );
}

export default function Home() {
  const { listingsByType, packedRoads, preset, tab } =
    useLoaderData<typeof loader>();
  // The same array while the text is (the server's road section HTML is kept by it).
  const roads = unpackHomeRoads(packedRoads);
  // The page below the header is a function of these alone (the counts and roads are kept per content
  // version, the preset is the path's): the server renders it once for each (decision 0342).
  return (
    <KeptOnServer by={keyOf(listingsByType, roads, `${preset.path}?tab=${tab}`)}>
      <HomePage
        listingsByType={listingsByType}
        roads={roads}
        preset={preset}
        tab={tab}
      />
    </KeptOnServer>
  );
}

// The sections below the search form (about two thirds of the homepage's elements) hydrate in tasks of their
// own, after the page (decision 0351).
const DirectorySectionLater = hydratesOnItsOwn(DirectorySection);
const RoadsSectionLater = hydratesOnItsOwn(RoadsSection);

function HomePage({
  listingsByType,
  roads,
  preset,
  tab,
}: {
  listingsByType: { typeId: number; name: string; count: number }[];
  roads: Road[];
  preset: HomePreset;
  tab: HomeTab;
}) {
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner hero__inner--search container">
          <div className="hero__text">
            <p className="hero__eyebrow">{preset.eyebrow}</p>
            <h1 id="hero-title">{preset.title}</h1>
            <p className="hero__lead">{preset.lead}</p>
            <a className="hero__roads-link" href="#roads-title">
              <RoadIcon size={20} />
              See the roads we cover
            </a>
          </div>
          <HeroSign />
          {/* The tab in the address (the header's Search menu links to each) opens the form at that tab. */}
          <HomeSearch
            key={`${preset.path}?tab=${tab}`}
            tab={tab}
            preset={preset}
            roads={roads}
          />
        </div>
      </section>

      <HydratesLate>
        <DirectorySectionLater listingsByType={listingsByType} />
      </HydratesLate>
      <HydratesLate>
        <RoadsSectionLater roads={roads} />
      </HydratesLate>
    </div>
  );
}

function DirectorySection({
  listingsByType,
}: {
  listingsByType: { typeId: number; name: string; count: number }[];
}) {
  const totalListings = listingsByType.reduce(
    (sum, type) => sum + type.count,
    0
  );
  return (
    <section
      className="home-section container"
      aria-labelledby="in-directory"
    >
      <p className="eyebrow">Live counts</p>
      <h2 id="in-directory">In the directory</h2>
      {totalListings === 0 ? (
        <div className="empty-state">
          <span className="empty-state__icon">
            <CompassIcon size={26} />
          </span>
          <div>
            <p className="empty-state__title">
              The first listings are on their way
            </p>
            <p>
              Walks, pubs, beaches and vets appear here as soon as they are
              checked and published.
            </p>
          </div>
        </div>
      ) : null}
      <ul className="stat-grid">
        {listingsByType.map((type) => (
          <ListingTypeStat
            key={type.typeId}
            typeId={type.typeId}
            name={type.name}
            count={type.count}
          />
        ))}
      </ul>
    </section>
  );
}

function RoadsSection({ roads }: { roads: Road[] }) {
  const { staticMarkup } = usePageContext();
  return (
    <section className="home-section container" aria-labelledby="roads-title">
      <p className="eyebrow">Motorways and main roads</p>
      <h2 id="roads-title">Roads we cover</h2>
      {roads.length === 0 ? (
        <div className="empty-state">
          <span className="empty-state__icon">
            <RoadIcon size={26} />
          </span>
          <div>
            <p className="empty-state__title">We are mapping the roads</p>
            <p>
              UK motorways and A-roads and French autoroutes appear here, with
              their junctions, once they are loaded.
            </p>
          </div>
        </div>
      ) : // The same for every homepage while the content version is (the same packed text, the same `roads`): its
      // HTML is made once on the server (decision 0323); the browser renders it to hydrate.
      staticMarkup ? (
        <div
          className="road-columns"
          dangerouslySetInnerHTML={{
            __html: staticMarkup(roads, () => <RoadColumns roads={roads} />),
          }}
        />
      ) : (
        <div className="road-columns">
          <RoadColumns roads={roads} />
        </div>
      )}
    </section>
  );
}
