import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { directoryStats } from "../../directory/stats.server";

export const meta: MetaFunction = () => [
  { title: "Pawroute — dog-friendly walks, pubs, beaches and vets in the UK and France" },
  { name: "description", content: "Find dog walks, dog-friendly pubs and cafés, beaches, accommodation and vets near motorway junctions, around a place or along your route." },
];

export async function loader() {
  return directoryStats();
}

export default function Home() {
  const { listingsByType, roads } = useLoaderData<typeof loader>();
  const uk = roads.filter((r) => r.country === "united-kingdom");
  const fr = roads.filter((r) => r.country === "france");
  return (
    <div className="home">
      <section className="hero">
        <h1>Travelling with your dog?</h1>
        <p className="hero__lead">
          Walks, dog-friendly pubs and cafés, beaches, places to stay and vets — near motorway junctions, around a place, or along
          your route through the UK and France.
        </p>
      </section>
      <section aria-labelledby="in-directory" className="panel">
        <h2 id="in-directory">In the directory</h2>
        <ul className="stat-grid">
          {listingsByType.map((t) => (
            <li key={t.typeId} className="stat">
              <span className="stat__count">{t.count.toLocaleString("en-GB")}</span>
              <span className="stat__label">{t.name}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="roads-title" className="panel">
        <h2 id="roads-title">Roads we cover</h2>
        <div className="road-columns">
          {[
            { title: "United Kingdom", list: uk },
            { title: "France", list: fr },
          ].map((group) => (
            <div key={group.title}>
              <h3>{group.title}</h3>
              <ul className="road-list">
                {group.list.map((road) => (
                  <li key={road.id}>
                    <span className={`road-badge road-badge--${road.country}${road.motorway ? " road-badge--motorway" : ""}`}>{road.name}</span>{" "}
                    <span className="road-list__text">
                      {road.description} · {road.junctions} junctions
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
