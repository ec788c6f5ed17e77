import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A page about one listing (its history, a review, saving it, directions): the way back to the listing, the heading, the content. */
export function ListingSubpage({ listing, heading, children }: { listing: { url: string; title: string }; heading: ReactNode; children: ReactNode }) {
  return (
    <div className="container listing-subpage">
      <p className="eyebrow">
        <Link to={listing.url}>Back to {listing.title}</Link>
      </p>
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
