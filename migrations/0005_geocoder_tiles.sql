-- Geocoder and vector tiles (docs/decisions/0007-geocoder-and-tiles.md).
-- Every statement is idempotent: the file may be applied by hand to a database that already has it.

-- The one normal form the geocoder matches on: lower case, accents and apostrophes removed, every other
-- run of non-alphanumerics a single space ("Saint-Étienne" -> "saint etienne", "King's Lynn" -> "kings lynn").
-- geo/geocode/normalise.ts computes the same form for the query. Schema-qualified so that index builds
-- and ANALYZE (which run with a restricted search_path) find unaccent; IMMUTABLE so it can be indexed,
-- which is safe as long as the unaccent rules file does not change.
CREATE OR REPLACE FUNCTION geocode_key(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT btrim(regexp_replace(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '[''’]', '', 'g'), '[^a-z0-9]+', ' ', 'g'))
$$;
--> statement-breakpoint

-- Autocomplete over the gazetteer: exact and prefix matches on the key (a btree range scan, no recheck) ...
CREATE INDEX IF NOT EXISTS places_search_key ON places (geocode_key(search_name) text_pattern_ops);
--> statement-breakpoint
-- One-to-three letter queries look only at towns, cities, roads and junctions (villages need a fourth letter).
CREATE INDEX IF NOT EXISTS places_search_key_major ON places (geocode_key(search_name) text_pattern_ops) WHERE kind <> 'village';
--> statement-breakpoint
-- ... and word-prefix matches anywhere in the name ("trent" finds Stoke-on-Trent, "m6 j15" a junction).
-- Typo-tolerant matches use the existing trigram index places_search_name_trgm.
CREATE INDEX IF NOT EXISTS places_search_words ON places USING gin (to_tsvector('simple'::regconfig, geocode_key(search_name)));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS places_postcode_key ON places (replace(lower(postcode), ' ', '') text_pattern_ops) WHERE postcode IS NOT NULL;
--> statement-breakpoint

-- Live listings by title prefix, read in index order so the cost does not grow with the listings.
CREATE INDEX IF NOT EXISTS listings_title_key ON listings (geocode_key(title) text_pattern_ops) WHERE status = 2;
--> statement-breakpoint

-- Vector tiles filter with the tile envelope in EPSG:4326 (`location::geometry && envelope`), so each
-- tile index is a GiST index on the cast. Live listings have one per popularity band: a tile reads the
-- bands most popular first and stops at its cap (geo/tiles/layers.ts, listingBandsSql: the same numbers).
CREATE INDEX IF NOT EXISTS listings_tile_band_980 ON listings USING gist ((location::geometry)) WHERE status = 2 AND popularity >= 980;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_tile_band_900 ON listings USING gist ((location::geometry)) WHERE status = 2 AND popularity >= 900 AND popularity < 980;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_tile_band_700 ON listings USING gist ((location::geometry)) WHERE status = 2 AND popularity >= 700 AND popularity < 900;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_tile_band_400 ON listings USING gist ((location::geometry)) WHERE status = 2 AND popularity >= 400 AND popularity < 700;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_tile_band_150 ON listings USING gist ((location::geometry)) WHERE status = 2 AND popularity >= 150 AND popularity < 400;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_tile_band_30 ON listings USING gist ((location::geometry)) WHERE status = 2 AND popularity >= 30 AND popularity < 150;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_tile_band_0 ON listings USING gist ((location::geometry)) WHERE status = 2 AND popularity < 30;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS places_tile_geom ON places USING gist ((location::geometry)) WHERE kind IN ('city', 'town', 'village');
--> statement-breakpoint

-- Statistics for the new expression indexes, so the planner estimates prefix and word matches well.
ANALYZE places;
--> statement-breakpoint
ANALYZE listings;
