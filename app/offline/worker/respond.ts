// The worker's answers that are plain functions of their inputs (unit-tested without a worker):
// a kept page marked as the saved copy, and the offline page that lists what is kept.
import { formatSize, savedOn } from "../policy";
import type { KeptItem } from "../store";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A kept page's HTML with the date it was saved on the root element: the page's own script reads it
 * before hydrating and shows "Offline: saved on 6 Dec" (app/components/offline/OfflineLayer.tsx).
 */
export function markSaved(html: string, savedAt: string): string {
  return html.replace(/<html(?=[\s>])/i, `<html data-offline-saved="${escape(savedAt)}"`);
}

export type OfflineReason = "search" | "not-kept";

const REASONS: Record<OfflineReason, string> = {
  search: "Search needs a connection. Your kept lists, trips and listings are below.",
  "not-kept": "This page isn’t kept for offline use. Your kept lists, trips and listings are below.",
};

const KIND_NAMES: Record<KeptItem["kind"], string> = { list: "Favourites list", trip: "Trip", listing: "Listing" };

/** The page shown for anything that is not kept while there is no network. */
export function offlinePageHtml(items: KeptItem[], reason: OfflineReason): string {
  const styles = [...new Set(items.flatMap((item) => item.styles))];
  const kept = items.length
    ? `<ul class="offline-kept">${items
        .map(
          (item) =>
            `<li class="offline-kept__item"><h3><a href="${escape(item.url)}">${escape(item.title)}</a></h3><p class="offline-kept__meta">${KIND_NAMES[item.kind]} · saved on ${savedOn(item.savedAt)} · ${formatSize(item.bytes)}</p>${
              item.kind === "listing" ? "" : `<ul>${item.listings.map((listing) => `<li><a href="${escape(listing.url)}">${escape(listing.title)}</a></li>`).join("")}</ul>`
            }</li>`,
        )
        .join("")}</ul>`
    : "<p>Nothing is kept for offline use in this browser. When you have a connection, choose “Keep for offline” on a favourites list, a trip or a listing.</p>";
  return `<!doctype html><html lang="en-GB" data-offline-page="${reason}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#1f4d3a"><title>You are offline — Pawroute</title>${styles
    .map((href) => `<link rel="stylesheet" href="${escape(href)}">`)
    .join("")}<link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body><main id="main" class="site-main"><div class="container offline-page"><p class="eyebrow">Pawroute</p><h1>You are offline</h1><p role="status">${REASONS[reason]}</p><h2>Kept for offline</h2>${kept}<p><a href="">Try again</a></p></div></main></body></html>`;
}
