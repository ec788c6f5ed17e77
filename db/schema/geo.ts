import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { geographyPoint, geometryLine, geometryMultiLine, geometryMultiPolygon, geometryPoint, geometryPolygon, tsvector } from "./types";

/** Countries, with the directory's own ids (235 United Kingdom, 75 France; 250-253 are hidden UK nations). */
export const countries = pgTable("countries", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  iso2: text("iso2"),
  selectable: boolean("selectable").notNull().default(true),
});

/** Listing types 1 walk, 2 pub or cafe, 3 beach, 4 member business, 5 vet. */
export const listingTypes = pgTable("listing_types", {
  id: smallint("id").primaryKey(),
  name: text("name").notNull(),
  path: text("path").notNull().unique(),
});

/** The walk-type path values of /{type}/{slug}; accommodation and services are member businesses. */
export const walkTypes = pgTable("walk_types", {
  path: text("path").primaryKey(),
  typeId: smallint("type_id")
    .notNull()
    .references(() => listingTypes.id),
  name: text("name").notNull(),
});

export const facilities = pgTable("facilities", {
  id: smallint("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  icon: text("icon").notNull(),
});

export const roads = pgTable(
  "roads",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    motorway: boolean("motorway").notNull(),
    icon: text("icon").notNull(),
    /** True for demo geometry drawn through the towns a road passes rather than surveyed. */
    approximate: boolean("approximate").notNull().default(false),
    /** Where an imported road came from ("osm:GB:M6", or the operator's own id); null for demo roads. */
    sourceId: text("source_id"),
    geom: geometryLine("geom").notNull(),
  },
  (t) => [uniqueIndex("roads_country_slug").on(t.countryId, t.slug), index("roads_geom").using("gist", t.geom), uniqueIndex("roads_source_id").on(t.sourceId)],
);

export const junctions = pgTable(
  "junctions",
  {
    id: serial("id").primaryKey(),
    roadId: integer("road_id")
      .notNull()
      .references(() => roads.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    expandedName: text("expanded_name").notNull(),
    /** Order along the road, from 1 at the road's start. */
    position: integer("position").notNull(),
    town: text("town"),
    /** Where an imported junction came from ("osm:node:123"); null for demo junctions. */
    sourceId: text("source_id"),
    geom: geometryPoint("geom").notNull(),
  },
  (t) => [uniqueIndex("junctions_road_position").on(t.roadId, t.position), index("junctions_geom").using("gist", t.geom), uniqueIndex("junctions_source_id").on(t.sourceId)],
);

/** The gazetteer behind geocoding: towns and villages, roads, junctions, listings and postcodes. */
export const places = pgTable(
  "places",
  {
    id: serial("id").primaryKey(),
    geonamesId: integer("geonames_id").unique(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    /** Lower-case, accents removed: what autocomplete matches against. */
    searchName: text("search_name").notNull(),
    population: integer("population").notNull().default(0),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    admin1: text("admin1"),
    admin2: text("admin2"),
    postcode: text("postcode"),
    /** Other names the place is known by, in geocode_key form ("newcastle" for Newcastle upon Tyne). */
    altKeys: text("alt_keys").array().notNull().default(sql`'{}'`),
    refId: integer("ref_id"),
    location: geographyPoint("location").notNull(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(sql`to_tsvector('simple', search_name)`),
  },
  (t) => [
    index("places_location").using("gist", t.location),
    index("places_search_name_trgm").using("gin", sql`${t.searchName} gin_trgm_ops`),
    index("places_search_vector").using("gin", t.searchVector),
    index("places_kind").on(t.kind),
  ],
);

/** Natural Earth land of GB and France, and the same cut into small pieces so point tests use the index. */
export const land = pgTable("land", {
  countryId: integer("country_id")
    .primaryKey()
    .references(() => countries.id),
  geom: geometryMultiPolygon("geom").notNull(),
});

export const landParts = pgTable(
  "land_parts",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    geom: geometryPolygon("geom").notNull(),
  },
  (t) => [index("land_parts_geom").using("gist", t.geom)],
);

/** Sea coast only: land boundaries with neighbouring countries' borders removed, in pieces. */
export const coastlineParts = pgTable(
  "coastline_parts",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    geom: geometryMultiLine("geom").notNull(),
  },
  (t) => [index("coastline_parts_geom").using("gist", t.geom)],
);

/** pgRouting graph: cost and reverse_cost in seconds (negative reverse_cost = one way). */
export const routingVertices = pgTable(
  "routing_vertices",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    placeId: integer("place_id"),
    geom: geometryPoint("geom").notNull(),
    /** Strongly connected component (lowest vertex id in it) and whether it is a main one (migration 0029). */
    component: bigint("component", { mode: "number" }),
    main: boolean("main").notNull().default(false),
  },
  (t) => [index("routing_vertices_geom").using("gist", t.geom)],
);

export const routingEdges = pgTable(
  "routing_edges",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    source: bigint("source", { mode: "number" }).notNull(),
    target: bigint("target", { mode: "number" }).notNull(),
    cost: doublePrecision("cost").notNull(),
    reverseCost: doublePrecision("reverse_cost").notNull(),
    lengthMetres: doublePrecision("length_m").notNull(),
    roadClass: text("road_class").notNull(),
    name: text("name").notNull(),
    roadId: integer("road_id").references(() => roads.id, { onDelete: "set null" }),
    /** The country whose import owns the edge; null for the demo graph (migration 0029). */
    countryId: integer("country_id"),
    geom: geometryLine("geom").notNull(),
  },
  (t) => [
    index("routing_edges_source").on(t.source),
    index("routing_edges_target").on(t.target),
    index("routing_edges_geom").using("gist", t.geom),
    index("routing_edges_road_class").on(t.roadClass),
  ],
);

/** Lakes, reservoirs and wide rivers of an imported OpenStreetMap extract: the basemap's water. */
export const basemapWater = pgTable(
  "basemap_water",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    name: text("name").notNull().default(""),
    geom: geometryMultiPolygon("geom").notNull(),
  },
  (t) => [index("basemap_water_geom").using("gist", t.geom)],
);
