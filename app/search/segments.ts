/**
 * The spec's optional path segment after a search type: each names one set of the type and walk
 * filters, so /location/dog-friendly-pub?location=Leeds reads as "pubs around Leeds".
 */
export interface TypeFilters {
  types: number[];
  allWalks: boolean;
  pubWalks: boolean;
  beachWalks: boolean;
  accommodation: boolean;
  dogServices: boolean;
}

const NONE: TypeFilters = { types: [], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false };

export const SEGMENTS = {
  walks: { ...NONE, types: [1] },
  "walks-with-a-beach": { ...NONE, beachWalks: true },
  "walks-with-a-pub": { ...NONE, pubWalks: true },
  "dog-friendly-pub": { ...NONE, types: [2] },
  "dog-friendly-beach": { ...NONE, types: [3] },
  "member-business": { ...NONE, types: [4] },
  "dog-friendly-accommodation": { ...NONE, accommodation: true },
  "dog-services": { ...NONE, dogServices: true },
  vet: { ...NONE, types: [5] },
} as const satisfies Record<string, TypeFilters>;

export type SegmentName = keyof typeof SEGMENTS;

export function isSegmentName(value: string): value is SegmentName {
  return Object.hasOwn(SEGMENTS, value);
}

/** The type filters a segment stands for. */
export function segmentFilters(segment: SegmentName): TypeFilters {
  const preset = SEGMENTS[segment];
  return { ...preset, types: [...preset.types] };
}

function sameTypes(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** The segment that says exactly these filters, if one does (types sorted, as the schema returns them). */
export function segmentFor(filters: TypeFilters): SegmentName | null {
  for (const [name, preset] of Object.entries(SEGMENTS)) {
    if (
      isSegmentName(name) &&
      sameTypes(preset.types, filters.types) &&
      preset.allWalks === filters.allWalks &&
      preset.pubWalks === filters.pubWalks &&
      preset.beachWalks === filters.beachWalks &&
      preset.accommodation === filters.accommodation &&
      preset.dogServices === filters.dogServices
    ) {
      return name;
    }
  }
  return null;
}
