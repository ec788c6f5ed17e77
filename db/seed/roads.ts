import type { SqlClient } from "../client";
import { copyRows, lineWkt, pointWkt } from "./copy";
import { AUTHORED_ROADS, type AuthoredRoad } from "./data/roads";
import { FRANCE, UNITED_KINGDOM } from "./land";
import type { Town } from "./places";
import { searchForm } from "./places";

export interface SeedJunction {
  id: number;
  roadId: number;
  number: string;
  expandedName: string;
  town: Town;
}

export interface SeedRoad {
  id: number;
  name: string;
  countryId: number;
  motorway: boolean;
  stops: Town[];
  junctions: SeedJunction[];
}

/** "A1(M)" -> "a1m", "M6 Toll" -> "m6-toll". */
export function roadSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[()]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** UK junctions are "Junction 15"; French autoroute exits are "Exit 15" (docs/decisions/0005). */
export function expandedJunctionName(countryId: number, number: string): string {
  return `${countryId === FRANCE ? "Exit" : "Junction"} ${number}`;
}

function iconFor(road: AuthoredRoad): string {
  if (road.country === "FR") return "autoroute-fr";
  return road.motorway ? "motorway-gb" : "primary-gb";
}

/** Loads the authored roads as approximate lines through their towns, with numbered junctions. */
export async function loadRoads(sql: SqlClient, townsByGeonameId: Map<number, Town>, nextPlaceId: number): Promise<SeedRoad[]> {
  const roads: SeedRoad[] = [];
  let junctionId = 0;
  AUTHORED_ROADS.forEach((authored, index) => {
    const stops = authored.stops.map((stop) => {
      const town = townsByGeonameId.get(stop.geonameId);
      if (!town) throw new Error(`${authored.name}: no town with GeoNames id ${stop.geonameId} (${stop.town})`);
      return town;
    });
    const countryId = authored.country === "GB" ? UNITED_KINGDOM : FRANCE;
    const id = index + 1;
    const junctions = authored.stops.flatMap((stop, i) =>
      stop.junction ? [{ id: ++junctionId, roadId: id, number: stop.junction, expandedName: expandedJunctionName(countryId, stop.junction), town: stops[i] }] : [],
    );
    roads.push({ id, name: authored.name, countryId, motorway: authored.motorway, stops, junctions });
  });

  await copyRows(
    sql,
    "roads",
    ["id", "name", "slug", "description", "country_id", "motorway", "icon", "approximate", "geom"],
    roads.map((road, i) => [road.id, road.name, roadSlug(road.name), AUTHORED_ROADS[i].description, road.countryId, road.motorway, iconFor(AUTHORED_ROADS[i]), true, lineWkt(road.stops.map((t) => [t.lng, t.lat]))]),
  );
  await copyRows(
    sql,
    "junctions",
    ["id", "road_id", "number", "expanded_name", "position", "town", "geom"],
    roads.flatMap((road) => road.junctions.map((j, i) => [j.id, road.id, j.number, j.expandedName, i + 1, j.town.name, pointWkt(j.town.lng, j.town.lat)])),
  );

  // Roads and junctions are places too, so "M6" and "M6 J15" autocomplete.
  let placeId = nextPlaceId;
  const placeRows = roads.flatMap((road) => {
    const middle = road.stops[Math.floor(road.stops.length / 2)];
    const rows: (string | number)[][] = [[placeId++, "road", road.name, searchForm(`${road.name} ${road.name.replace(/[()]/g, "")}`), road.countryId, middle.region, middle.county, road.id, pointWkt(middle.lng, middle.lat)]];
    for (const j of road.junctions) {
      const short = `${road.name} J${j.number}`;
      rows.push([placeId++, "junction", `${road.name} ${j.expandedName} (${j.town.name})`, searchForm(`${short} ${road.name} ${j.expandedName} ${j.town.name}`), road.countryId, j.town.region, j.town.county, j.id, pointWkt(j.town.lng, j.town.lat)]);
    }
    return rows;
  });
  await copyRows(sql, "places", ["id", "kind", "name", "search_name", "country_id", "admin1", "admin2", "ref_id", "location"], placeRows);
  await sql`SELECT setval(pg_get_serial_sequence('places', 'id'), (SELECT max(id) FROM places))`;
  await sql`SELECT setval(pg_get_serial_sequence('roads', 'id'), (SELECT max(id) FROM roads))`;
  await sql`SELECT setval(pg_get_serial_sequence('junctions', 'id'), (SELECT max(id) FROM junctions))`;
  return roads;
}
