/** One section of the spec's main menu. `built` turns true in the commit that adds its pages. */
export interface NavigationSection {
  to: string;
  label: string;
  built: boolean;
  /** Where the section sits: the main menu, or the account corner of the header. */
  place: "main" | "account";
  /** Who sees it: everyone, only visitors (log in, join) or only logged-in members (your account). */
  audience?: "visitor" | "member";
}

/**
 * Every section the spec names, in menu order. Only built sections are shown
 * (docs/decisions/0004): the menu never links to a page that does not exist.
 */
export const SECTIONS: readonly NavigationSection[] = [
  { to: "/", label: "Search", built: true, place: "main" },
  { to: "/motorway-search", label: "Motorway search", built: true, place: "main" },
  { to: "/bark-out", label: "Bark Out blog", built: false, place: "main" },
  { to: "/treats", label: "Treats", built: false, place: "main" },
  { to: "/subscriptions", label: "Subscriptions", built: false, place: "main" },
  { to: "/add-listing", label: "Add a listing", built: true, place: "main" },
  { to: "/contact", label: "Contact", built: false, place: "main" },
  { to: "/account/login/", label: "Log in", built: true, place: "account", audience: "visitor" },
  { to: "/join", label: "Join", built: true, place: "account", audience: "visitor" },
  { to: "/account", label: "Your account", built: true, place: "account", audience: "member" },
];

/** The sections that exist today for one place in the header, for a visitor or (signedIn) a member. */
export function builtSections(place: NavigationSection["place"], signedIn = false): NavigationSection[] {
  const audience = signedIn ? "member" : "visitor";
  return SECTIONS.filter((section) => section.built && section.place === place && (!section.audience || section.audience === audience));
}
