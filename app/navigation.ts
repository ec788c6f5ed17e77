/** One section of the spec's main menu. `built` turns true in the commit that adds its pages. */
export interface NavigationSection {
  to: string;
  label: string;
  built: boolean;
  /** Where the section sits: the main menu, or the account corner of the header. */
  /** "more": listed in the 'More' menu (MORE_LINKS in app/components/MoreMenu.tsx), not the header's row. */
  place: "main" | "more" | "account";
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
  { to: "/bark-out", label: "Bark Out blog", built: true, place: "main" },
  { to: "/treats", label: "Treats", built: true, place: "main" },
  // Under 'More' while the header's row has no room for it (docs/decisions/0170).
  { to: "/subscriptions", label: "Subscriptions", built: true, place: "more" },
  { to: "/add-listing", label: "Add a listing", built: true, place: "main" },
  { to: "/contact", label: "Contact", built: true, place: "main" },
  { to: "/account/login/", label: "Log in", built: true, place: "account", audience: "visitor" },
  { to: "/join", label: "Join", built: true, place: "account", audience: "visitor" },
  { to: "/account", label: "Your account", built: true, place: "account", audience: "member" },
];

/** The sections that exist today for one place in the header, for a visitor or (signedIn) a member. */
export function builtSections(place: NavigationSection["place"], signedIn = false): NavigationSection[] {
  const audience = signedIn ? "member" : "visitor";
  return SECTIONS.filter((section) => section.built && section.place === place && (!section.audience || section.audience === audience));
}

/** A link in a header dropdown or a row of links. */
export interface MenuLink {
  to: string;
  label: string;
}

/** The blog categories the header's 'Bark Out blog' menu lists (the root loader reads them). */
export interface MenuCategory {
  slug: string;
  name: string;
}

/** The 'Search' dropdown: the homepage search opened at each of its tabs, named as the tabs are (?tab= works without JavaScript). */
const SEARCH_MENU: readonly MenuLink[] = [
  { to: "/?tab=road", label: "By road" },
  { to: "/?tab=location", label: "Near a place" },
  { to: "/?tab=route", label: "Along a route" },
];

/**
 * The dropdown of a main-menu section (docs/decisions/0151), or null for a plain link: 'Search' opens
 * the homepage search at a tab, 'Bark Out blog' lists the latest posts, each category and the story form.
 */
export function sectionMenu(to: string, categories: readonly MenuCategory[]): MenuLink[] | null {
  if (to === "/") return [...SEARCH_MENU];
  if (to === "/bark-out")
    return [
      { to: "/bark-out", label: "Latest posts" },
      ...categories.map((category) => ({ to: `/bark-out?category=${encodeURIComponent(category.slug)}`, label: category.name })),
      { to: "/bark-out/submit", label: "Share your story" },
    ];
  return null;
}

/** Whether `pathname` lies in the section at `to` (its dropdown's summary is then marked current). */
export function inSection(to: string, pathname: string): boolean {
  if (to === "/") return pathname === "/";
  const base = to.replace(/\/$/, "");
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** One entry of the account menu (the account area's side menu and the header's account menu). */
export interface AccountMenuItem {
  to: string;
  label: string;
  /** Administrators only. */
  admin?: boolean;
}

/**
 * The account menu, in order. Issues add their sections here as they are built (member area,
 * Treats, subscriptions, receipts); the account layout and the header both read this one list.
 */
export const ACCOUNT_MENU: readonly AccountMenuItem[] = [
  { to: "/account", label: "Overview" },
  { to: "/account/treats", label: "Treats" },
  { to: "/account/favourites", label: "Favourites" },
  { to: "/account/trips", label: "Your trips" },
  { to: "/account/offline", label: "Offline" },
  { to: "/account/listings", label: "Your listings" },
  { to: "/account/reviews", label: "Your reviews" },
  { to: "/account/edit-profile", label: "Profile" },
  { to: "/account/refer-a-friend", label: "Refer a friend" },
  { to: "/account/receipts", label: "Receipts" },
  { to: "/leaderboard", label: "Leaderboard" },
  { to: "/account/settings/", label: "Settings" },
  { to: "/account/admin", label: "Back office", admin: true },
];

export function accountMenu(isAdmin: boolean): AccountMenuItem[] {
  return ACCOUNT_MENU.filter((item) => !item.admin || isAdmin);
}

/**
 * The sub-navigation under the header (issue 16, docs/decisions/0150): the homepage's search presets
 * and the French road picker, so every way into the directory is one click away on any page.
 */
export const SUB_NAVIGATION: readonly { to: string; label: string }[] = [
  { to: "/", label: "All stops" },
  { to: "/pubs", label: "Pubs and cafés" },
  { to: "/beaches", label: "Beaches" },
  { to: "/walks-in-france", label: "Walks in France" },
  { to: "/vets-in-france", label: "Vets in France" },
  { to: "/motorway-search-france", label: "French roads" },
];

/** One tab of the footer's browse links. */
export interface FooterBrowseTab {
  id: string;
  label: string;
  links: { to: string; label: string }[];
}

/** The road fields the footer needs (a RoadOption has more). */
export interface FooterRoad {
  name: string;
  slug: string;
  description: string;
  /** united-kingdom or france */
  country: string;
}

const BROWSE_BY_TYPE: FooterBrowseTab["links"] = [
  { to: "/browse/walks", label: "Dog walks" },
  { to: "/browse/walks-with-a-pub", label: "Walks with a pub" },
  { to: "/browse/walks-with-a-beach", label: "Walks with a beach" },
  { to: "/browse/dog-friendly-pub", label: "Dog-friendly pubs and cafés" },
  { to: "/browse/dog-friendly-beach", label: "Dog-friendly beaches" },
  { to: "/browse/member-business", label: "Member businesses" },
  { to: "/browse/vet", label: "Vets" },
  { to: "/bark-out", label: "Bark Out blog" },
  { to: "/faqs", label: "FAQs" },
  { to: "/contact", label: "Contact us" },
];

/** The footer's browse tabs (public-directory.md §2): roads by country (in the order given) and stops by type. */
export function footerBrowseTabs(roads: readonly FooterRoad[]): FooterBrowseTab[] {
  const byCountry = (country: string) =>
    roads
      .filter((road) => road.country === country)
      .map((road) => ({ to: `/browse/road/${road.country}/${road.slug}`, label: road.description ? `${road.name} ${road.description}` : road.name }));
  return [
    { id: "uk-roads", label: "UK roads", links: byCountry("united-kingdom") },
    { id: "french-roads", label: "French roads", links: byCountry("france") },
    { id: "by-type", label: "Stops by type", links: BROWSE_BY_TYPE },
  ].filter((tab) => tab.links.length > 0);
}
