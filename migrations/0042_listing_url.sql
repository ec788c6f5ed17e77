-- A listing's public URL, /{walk type}/{slug}, written once for every query that returns it
-- (docs/decisions/0305-one-listing-read-model.md). LANGUAGE sql and IMMUTABLE, so the planner inlines it
-- into the caller's statement; the TypeScript twin is geo/listing.ts `listingUrl`.
CREATE OR REPLACE FUNCTION listing_url(walk_type text, slug text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT '/' || walk_type || '/' || slug $$;
