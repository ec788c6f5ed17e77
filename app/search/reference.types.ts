/** A road as the pickers show it (spec §3 road option). */
export interface RoadOption {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** united-kingdom or france */
  country: string;
  motorway: boolean;
  icon: string;
}
