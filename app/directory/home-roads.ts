import { lastUnpacked, packRows } from "../../kit/packed-rows";
import type { RoadOption } from "../search/reference.types";

/** A road as the homepage shows it (its road list, its junction count) and its road search form reads it (the slug to go to). */
export type HomeRoad = Omit<RoadOption, "icon"> & { junctions: number };

const HOME_ROAD_FIELDS = ["id", "name", "slug", "description", "country", "motorway", "junctions"] as const satisfies readonly (keyof HomeRoad)[];

const packed = new WeakMap<readonly HomeRoad[], string>();

/**
 * The homepage's roads as its loader sends them: one text for turbo-stream instead of 55 roads of seven
 * fields (decision 0333), made once for each kept road list (`directoryStats` keeps one per content version).
 */
export function packHomeRoads(roads: readonly HomeRoad[]): string {
  let text = packed.get(roads);
  if (text === undefined) {
    text = packRows(roads, HOME_ROAD_FIELDS);
    packed.set(roads, text);
  }
  return text;
}

/** The roads back from the loader's text: the same array while the text is the same (the road list's HTML is kept by it). */
export const unpackHomeRoads: (text: string) => HomeRoad[] = lastUnpacked<HomeRoad>(HOME_ROAD_FIELDS);
