/**
 * The spec's sections, in menu order. A section appears once its pages exist
 * (docs/decisions/0004): the menu never links to a page that is not built.
 */
export const NAVIGATION: { to: string; label: string }[] = [{ to: "/", label: "Search" }];
