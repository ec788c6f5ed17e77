import { listFacilities, type Facility } from "../../geo/facilities";
import { sql } from "../db.server";
import type { RoadOption } from "./reference.types";

/** Reference data changes rarely (an operator's import); a short in-process cache keeps it off every page view. */
const TTL_MS = 60_000;

function cached<T>(load: () => Promise<T>): () => Promise<T> {
  let value: { at: number; data: Promise<T> } | null = null;
  return () => {
    if (!value || Date.now() - value.at > TTL_MS) {
      const data = load();
      value = { at: Date.now(), data };
      data.catch(() => {
        value = null;
      });
    }
    return value.data;
  };
}

/** The spec's facility list, as GET /api/facilities answers it. */
export const facilities: () => Promise<Facility[]> = cached(() => listFacilities(sql()));

export const roadOptions: () => Promise<RoadOption[]> = cached(
  () => sql()<RoadOption[]>`
    SELECT r.id, r.name, r.slug, r.description, c.slug AS country, r.motorway, r.icon
    FROM roads r JOIN countries c ON c.id = r.country_id
    ORDER BY r.id`,
);
