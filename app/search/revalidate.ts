import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * A result card's favourite toggle posts to /{type}/{slug}/favourite and keeps its own state: running
 * the search again would cost a search and would replace results a live search put on the page.
 */
export const keepResultsAfterFavouriting: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction !== undefined && formAction.split("?")[0].endsWith("/favourite") ? false : defaultShouldRevalidate;
