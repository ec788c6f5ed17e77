-- Places as people type them (docs/decisions/0230-place-names-and-postcodes.md).
-- Every statement is idempotent: the file may be applied by hand to a database that already has it.

-- "St"/"Ste" and "Saint"/"Sainte" are one word to the geocoder: "St Albans", "Saint Albans" and "St-Avé"
-- find St Albans and Saint-Avé. geo/geocode/normalise.ts computes the same form for the query.
CREATE OR REPLACE FUNCTION geocode_key(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT regexp_replace(regexp_replace(
    btrim(regexp_replace(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '[''’]', '', 'g'), '[^a-z0-9]+', ' ', 'g')),
    '\mst\M', 'saint', 'g'), '\mste\M', 'sainte', 'g')
$$;
--> statement-breakpoint
-- The function changed: every index over it is rebuilt, or lookups would miss rows keyed the old way.
REINDEX INDEX places_search_key;
--> statement-breakpoint
REINDEX INDEX places_search_key_major;
--> statement-breakpoint
REINDEX INDEX places_search_words;
--> statement-breakpoint
REINDEX INDEX listings_title_key;
--> statement-breakpoint

-- Other names a place is known by (GeoNames alternate names in Latin script, in geocode_key form):
-- "newcastle" for Newcastle upon Tyne. An exact match on one ranks the place as a near-exact hit.
ALTER TABLE places ADD COLUMN IF NOT EXISTS alt_keys text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS places_alt_keys ON places USING gin (alt_keys) WHERE alt_keys <> '{}';
--> statement-breakpoint

-- Postcodes are gazetteer rows of kind 'postcode' (name: the place the code belongs to). One row per
-- code and place: a French code postal can serve several communes. Imports replace a country's rows.
CREATE UNIQUE INDEX IF NOT EXISTS places_postcode_unique ON places (country_id, postcode, name) WHERE kind = 'postcode';
