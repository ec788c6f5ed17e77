// OpenStreetMap points of interest as listings: which tags make which listing type, and a description
// and facilities built from the tags, because OSM almost never has a description (issue 47: 198 of 202
// cafés, pubs, hotels and pet shops were refused for want of one). Used by the pois import and by a
// listings file whose mapping says `"osmTags": true` (an Overpass GeoJSON export, say).
import type { WalkTypePath } from "../../core/walk-types";

export type Tags = Record<string, unknown>;

export interface PoiKind {
  walkType: WalkTypePath;
  /** What the place is, as the description's first words say it: "Pub", "Guest house". */
  label: string;
  /** Whether dog=yes means dogs go inside (a pub, a hotel), not just onto the grass (a park). */
  indoors: boolean;
}

/** The tags the pois import reads, in the order they decide (a vet with a pet shop is a vet), with osmium's filter for each. */
const KINDS: { key: string; values: Record<string, [WalkTypePath, string, boolean]> }[] = [
  { key: "amenity", values: { veterinary: ["vet", "Vet", true] } },
  { key: "leisure", values: { dog_park: ["dog-walk", "Dog park", false] } },
  { key: "natural", values: { beach: ["dog-friendly-beach", "Beach", false] } },
  { key: "leisure", values: { park: ["dog-walk", "Park", false] } },
  { key: "amenity", values: { pub: ["dog-friendly-pub", "Pub", true], bar: ["dog-friendly-pub", "Bar", true], cafe: ["dog-friendly-pub", "Café", true] } },
  {
    key: "tourism",
    values: {
      hotel: ["dog-friendly-accommodation", "Hotel", true],
      guest_house: ["dog-friendly-accommodation", "Guest house", true],
      hostel: ["dog-friendly-accommodation", "Hostel", true],
      motel: ["dog-friendly-accommodation", "Motel", true],
      chalet: ["dog-friendly-accommodation", "Holiday chalet", true],
      apartment: ["dog-friendly-accommodation", "Holiday apartment", true],
      camp_site: ["dog-friendly-accommodation", "Campsite", false],
      caravan_site: ["dog-friendly-accommodation", "Caravan site", false],
    },
  },
  { key: "shop", values: { pet: ["dog-services", "Pet shop", true], pet_grooming: ["dog-services", "Dog groomer", true] } },
  { key: "amenity", values: { animal_boarding: ["dog-services", "Kennels", true] } },
];

/**
 * osmium tags-filter expressions for a .osm.pbf: the kinds above on nodes, ways and relations (osmium adds
 * the ways and nodes they use, so a multipolygon's untagged member ways come too).
 */
export const POI_FILTER: string[] = (() => {
  const byKey = new Map<string, string[]>();
  for (const { key, values } of KINDS) byKey.set(key, [...(byKey.get(key) ?? []), ...Object.keys(values)]);
  return [...byKey].map(([key, values]) => `nwr/${key}=${values.join(",")}`);
})();

const tag = (tags: Tags, key: string): string => {
  const value = tags[key];
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
};

/** The listing type of a feature's tags, or null when it is none of the kinds the directory lists. */
export function poiKind(tags: Tags): PoiKind | null {
  for (const { key, values } of KINDS) {
    const found = values[tag(tags, key)];
    if (found) return { walkType: found[0], label: found[1], indoors: found[2] };
  }
  return null;
}

/** dog=no or dog=not_allowed: the place says dogs are not welcome, so it is no listing of a dog-friendly directory. */
export function dogsRefused(tags: Tags): boolean {
  return ["no", "not_allowed", "none"].includes(tag(tags, "dog").toLowerCase());
}

const DOGS: Record<string, string> = {
  yes: "Dogs welcome.",
  designated: "Dogs welcome.",
  inside: "Dogs welcome inside.",
  outside: "Dogs welcome outside.",
  leashed: "Dogs welcome on a lead.",
  unleashed: "Dogs may be off the lead.",
};

const words = (value: string) => value.split(";").map((v) => v.trim().replace(/_/g, " ")).filter(Boolean).join(", ");

/** The first line of an address from addr:* tags ("12 High Street"), or "". */
export function addressOf(tags: Tags): string {
  const street = tag(tags, "addr:street") || tag(tags, "addr:place");
  const number = tag(tags, "addr:housenumber");
  const name = tag(tags, "addr:housename");
  return [name, [number, street].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

export function townOf(tags: Tags): string {
  return tag(tags, "addr:city") || tag(tags, "addr:town") || tag(tags, "addr:village") || tag(tags, "addr:hamlet");
}

export function postcodeOf(tags: Tags): string {
  return tag(tags, "addr:postcode");
}

/**
 * A plain-text description from what the tags say, sentence by sentence: what and where it is, how
 * dogs are welcome, food and cuisine, opening hours, seating, access, stars, surface, website and
 * telephone, and the credit OpenStreetMap's licence asks for. Only what the tags hold; nothing invented.
 */
export function describeFromTags(tags: Tags, label: string, town: string): string {
  const out = [town ? `${label} in ${town}.` : `${label}.`];
  const dogs = DOGS[tag(tags, "dog").toLowerCase()];
  if (dogs) out.push(dogs);
  const cuisine = words(tag(tags, "cuisine"));
  if (cuisine) out.push(`Cuisine: ${cuisine}.`);
  else if (tag(tags, "food") === "yes") out.push("Serves food.");
  const hours = tag(tags, "opening_hours");
  if (hours) out.push(`Opening hours: ${hours}.`);
  if (tag(tags, "outdoor_seating") === "yes") out.push("Outdoor seating.");
  if (tag(tags, "beer_garden") === "yes") out.push("Beer garden.");
  const wheelchair = tag(tags, "wheelchair");
  if (wheelchair === "yes") out.push("Wheelchair accessible.");
  else if (wheelchair === "limited") out.push("Limited wheelchair access.");
  const stars = tag(tags, "stars");
  if (/^[1-5]$/.test(stars)) out.push(`${stars}-star.`);
  const surface = words(tag(tags, "surface"));
  if (surface) out.push(`Surface: ${surface}.`);
  const website = tag(tags, "website") || tag(tags, "contact:website");
  if (/^https?:\/\/\S+$/.test(website)) out.push(`Website: ${website}`);
  const phone = tag(tags, "phone") || tag(tags, "contact:phone");
  if (phone) out.push(`Telephone: ${phone}.`);
  out.push("Details from OpenStreetMap (© OpenStreetMap contributors, ODbL).");
  return out.join(" ").slice(0, 2_000);
}

/** The directory's facilities (by slug) the tags show: dogs inside, food, toilets, step-free access, off-lead. */
export function facilitySlugsFromTags(tags: Tags, kind: PoiKind | null): string[] {
  const slugs: string[] = [];
  const dog = tag(tags, "dog").toLowerCase();
  if (kind?.indoors && (dog === "yes" || dog === "inside")) slugs.push("dogs-inside");
  if (kind?.walkType === "dog-walk" && (tag(tags, "leisure") === "dog_park" || dog === "unleashed")) slugs.push("off-lead");
  if (tag(tags, "food") === "yes" || tag(tags, "amenity") === "cafe" || tag(tags, "cuisine")) slugs.push("food");
  if (tag(tags, "toilets") === "yes") slugs.push("toilets");
  if (tag(tags, "wheelchair") === "yes") slugs.push("step-free");
  return slugs;
}
