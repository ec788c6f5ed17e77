-- The geocoding statement and the place-choices statement as functions that run their statement under its
-- generic plan (decision 0328). Decision 0180 ran each in a transaction (BEGIN, SET LOCAL plan_cache_mode,
-- the statement, COMMIT: three round trips and four statements) because planning the statement for its
-- values cost more than running it. A function's own SET clause does the same for the statements inside
-- it, for the length of the call: one statement and one round trip, in or out of a caller's transaction.
-- PL/pgSQL keeps each statement's plan for the session, so the generic plan is made once per connection.
--
-- The statements are geo/geocode/forward.ts's and choices.ts's before this migration, with the shapes the
-- app chose between in JavaScript (a short key, a country, a postcode, a key of several words) chosen by
-- the parameters: a condition on parameters only is checked once per call (a one-time filter), so a branch
-- that does not apply reads nothing. A short key still reads the towns-and-roads index
-- (places_search_key_major) and a listing's title by equality, each in its own branch.
-- The columns are result.ts's placeColumnsSql, placeJoinsSql (the view geocode_places) and forward.ts's
-- listing columns, in the same order (GeocodeRow); the candidate counts are forward.ts's CANDIDATES before
-- this change.
-- A place's importance in the ranking: its kind, then its population (forward.ts's placeImportanceSql before
-- this migration). A one-expression SQL function: PostgreSQL inlines it where it is used.
CREATE OR REPLACE FUNCTION geocode_importance(p_kind text, p_population integer) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT ((CASE p_kind WHEN 'city' THEN 0.8 WHEN 'town' THEN 0.6 WHEN 'road' THEN 0.5 WHEN 'junction' THEN 0.4 ELSE 0.2 END)
    + 0.1 * log(greatest(p_population, 0) + 1))::float8
$$;
--> statement-breakpoint
-- How well a name matches the key, for places and listings alike: the whole name, its first words, a whole
-- word, its start, a word's start, else trigram similarity.
CREATE OR REPLACE FUNCTION geocode_rank(p_name_key text, p_search_key text, p_key text) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT (CASE
    WHEN p_name_key = p_key THEN 5
    WHEN starts_with(p_name_key, p_key || ' ') OR starts_with(p_search_key, p_key || ' ') THEN 4.5
    WHEN strpos(' ' || p_search_key || ' ', ' ' || p_key || ' ') > 0 THEN 4
    WHEN starts_with(p_search_key, p_key) THEN 3
    WHEN strpos(' ' || p_search_key, ' ' || p_key) > 0 THEN 2
    ELSE 2 * greatest(similarity(p_key, p_search_key), word_similarity(p_key, p_search_key))
  END)::float8
$$;
--> statement-breakpoint
-- A gazetteer hit's columns (result.ts's placeColumnsSql and placeJoinsSql), with what the functions below
-- filter and rank by. A junction's town is the junction's own; a road has none; a postcode is named by its
-- code and its town is the place it serves.
CREATE OR REPLACE VIEW geocode_places AS
  SELECT p.kind, p.id, CASE WHEN p.kind = 'postcode' THEN p.postcode ELSE p.name END AS name,
    ST_Y(p.location::geometry) AS lat, ST_X(p.location::geometry) AS lng,
    p.population,
    CASE WHEN p.kind IN ('city', 'town', 'village', 'postcode') THEN p.name WHEN p.kind = 'junction' THEN j.town END AS town,
    p.admin2 AS county, p.postcode,
    p.country_id, co.slug AS country_slug, co.name AS country_name,
    ST_XMin(r.geom) AS west, ST_YMin(r.geom) AS south, ST_XMax(r.geom) AS east, ST_YMax(r.geom) AS north,
    NULL::text AS url,
    p.name AS place_name, p.search_name, p.alt_keys
  FROM places p
  JOIN countries co ON co.id = p.country_id
  LEFT JOIN roads r ON p.kind = 'road' AND r.id = p.ref_id
  LEFT JOIN junctions j ON p.kind = 'junction' AND j.id = p.ref_id;
--> statement-breakpoint
-- A hit as both functions return it (GeocodeRow in geo/geocode/result.ts).
CREATE TYPE geocode_row AS (
  kind text, id integer, name text, lat float8, lng float8, population integer, town text, county text, postcode text,
  country_id integer, country_slug text, country_name text, west float8, south float8, east float8, north float8, url text
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION geocode_search(
  q_key text, q_upper_bound text, q_words text, q_postcode text, q_postcode_upper_bound text,
  q_limit integer, q_country text, q_short boolean
)
RETURNS SETOF geocode_row
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  -- The country's id, looked up once (the statements before took it in a subquery of each branch).
  v_country integer;
BEGIN
  IF q_country IS NOT NULL THEN
    SELECT co.id INTO v_country FROM countries co WHERE co.slug = q_country;
  END IF;
  RETURN QUERY
    WITH place_exact AS (
      SELECT p.id FROM places p
      WHERE geocode_key(p.search_name) = q_key
        AND (q_country IS NULL OR p.country_id = v_country)
      LIMIT 20
    ), place_alt AS (
      -- Another name the place is known by ("Newcastle" for Newcastle upon Tyne): index places_alt_keys.
      SELECT p.id FROM places p
      WHERE p.alt_keys <> '{}' AND p.alt_keys @> ARRAY[q_key]
        AND (q_country IS NULL OR p.country_id = v_country)
      LIMIT 20
    ), place_prefix AS (
      SELECT p.id FROM places p
      WHERE NOT q_short AND geocode_key(p.search_name) ~>=~ q_key AND geocode_key(p.search_name) ~<~ q_upper_bound
        AND (q_country IS NULL OR p.country_id = v_country)
      ORDER BY geocode_importance(p.kind, p.population) DESC
      LIMIT 40
    ), place_prefix_major AS (
      -- A one-to-three letter key: towns, cities, roads and junctions only (index places_search_key_major).
      SELECT p.id FROM places p
      WHERE q_short AND geocode_key(p.search_name) ~>=~ q_key AND geocode_key(p.search_name) ~<~ q_upper_bound AND p.kind <> 'village'
        AND (q_country IS NULL OR p.country_id = v_country)
      ORDER BY geocode_importance(p.kind, p.population) DESC
      LIMIT 40
    ), place_words AS (
      SELECT p.id FROM places p
      WHERE NOT q_short AND to_tsvector('simple'::regconfig, geocode_key(p.search_name)) @@ to_tsquery('simple'::regconfig, q_words)
        AND (q_country IS NULL OR p.country_id = v_country)
      ORDER BY geocode_importance(p.kind, p.population) DESC
      LIMIT 40
    ), listing_prefix AS (
      -- USING ~<~ is the index's own (text_pattern_ops) order: an index scan that stops at the limit.
      -- A short key matches a title exactly (a listing called "Säm"), a longer one its start.
      (SELECT l.id FROM listings l
       WHERE q_short AND l.status = 2 AND geocode_key(l.title) = q_key
         AND (q_country IS NULL OR l.country_id = v_country)
       ORDER BY geocode_key(l.title) USING ~<~
       LIMIT 20)
      UNION ALL
      (SELECT l.id FROM listings l
       WHERE NOT q_short AND l.status = 2 AND geocode_key(l.title) ~>=~ q_key AND geocode_key(l.title) ~<~ q_upper_bound
         AND (q_country IS NULL OR l.country_id = v_country)
       ORDER BY geocode_key(l.title) USING ~<~
       LIMIT 20)
    ), found AS (
      SELECT f.id FROM place_exact f UNION SELECT f.id FROM place_alt f UNION SELECT f.id FROM place_prefix f
      UNION SELECT f.id FROM place_prefix_major f UNION SELECT f.id FROM place_words f
    ), too_few AS (
      -- A query shaped like a postcode ("CA11", "75001") means that code: a typo match ("M6 Junction 11") is noise.
      SELECT q_postcode IS NULL AND NOT EXISTS (SELECT 1 FROM place_exact) AND NOT EXISTS (SELECT 1 FROM place_alt)
        AND (SELECT count(*) FROM found) + (SELECT count(*) FROM listing_prefix) < q_limit AS yes
    ), place_fuzzy_words AS (
      SELECT p.id FROM places p
      WHERE (SELECT t.yes FROM too_few t) AND NOT q_short AND q_key <% p.search_name
        AND (q_country IS NULL OR p.country_id = v_country)
      ORDER BY word_similarity(q_key, p.search_name) DESC
      LIMIT 20
    ), place_fuzzy_name AS (
      -- A typo costs a short word too many trigrams for 0.6 ("penrth"): then the whole name at 0.3.
      SELECT p.id FROM places p
      WHERE (SELECT t.yes FROM too_few t) AND NOT EXISTS (SELECT 1 FROM place_fuzzy_words)
        AND q_key % p.search_name AND strpos(q_key, ' ') = 0 AND NOT q_short
        AND (q_country IS NULL OR p.country_id = v_country)
      ORDER BY similarity(q_key, p.search_name) DESC
      LIMIT 20
    ), place_scores AS (
      -- The candidate places with their score. Keys are computed once per candidate (OFFSET 0 keeps the subquery).
      -- An exact match on another name ranks just under an exact match on the name (4.9, ALT_NAME_TIER).
      SELECT p.id,
        greatest(geocode_rank(k.name_key, k.search_key, q_key), CASE WHEN p.alt_keys @> ARRAY[q_key] THEN 4.9::float8 ELSE 0 END)
        + geocode_importance(p.kind, p.population) AS score
      FROM (SELECT f.id FROM found f UNION SELECT f.id FROM place_fuzzy_words f UNION SELECT f.id FROM place_fuzzy_name f) c
      JOIN places p ON p.id = c.id
      CROSS JOIN LATERAL (SELECT geocode_key(p.name) AS name_key, geocode_key(p.search_name) AS search_key OFFSET 0) k
      UNION ALL
      -- Postcodes that equal or start with the query's postcode form (index places_postcode_key): the code
      -- itself first, then the codes it begins. An exact code ranks between a road and a junction of the same name.
      SELECT p.id, (CASE WHEN replace(lower(p.postcode), ' ', '') = q_postcode THEN 5 ELSE 3 END + 0.45)::float8 AS score
      FROM (
        (SELECT p.id FROM places p
         WHERE q_postcode IS NOT NULL AND p.postcode IS NOT NULL AND replace(lower(p.postcode), ' ', '') = q_postcode
           AND (q_country IS NULL OR p.country_id = v_country)
         LIMIT 10)
        UNION
        (SELECT p.id FROM places p
         WHERE q_postcode IS NOT NULL AND p.postcode IS NOT NULL
           AND replace(lower(p.postcode), ' ', '') ~>=~ q_postcode AND replace(lower(p.postcode), ' ', '') ~<~ q_postcode_upper_bound
           AND (q_country IS NULL OR p.country_id = v_country)
         ORDER BY replace(lower(p.postcode), ' ', '') USING ~<~
         LIMIT 10)
      ) c
      JOIN places p ON p.id = c.id
    ), hits AS (
      SELECT h.kind, h.id, h.name, h.lat, h.lng, h.population, h.town, h.county, h.postcode, h.country_id, h.country_slug, h.country_name,
             h.west, h.south, h.east, h.north, h.url, s.score
      FROM place_scores s
      JOIN geocode_places h ON h.id = s.id
      UNION ALL
      SELECT 'listing'::text AS kind, l.id, l.title AS name,
        ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng,
        0 AS population, nullif(l.town, '') AS town, nullif(l.county, '') AS county, nullif(l.postcode, '') AS postcode,
        l.country_id, co.slug AS country_slug, co.name AS country_name,
        NULL::float8 AS west, NULL::float8 AS south, NULL::float8 AS east, NULL::float8 AS north,
        listing_url(l.walk_type, l.slug) AS url,
        geocode_rank(k.name_key, k.search_key, q_key) + (0.05 * log(greatest(l.popularity, 0) + 1))::float8 AS score
      FROM listing_prefix c
      JOIN listings l ON l.id = c.id
      JOIN countries co ON co.id = l.country_id
      CROSS JOIN LATERAL (SELECT title_key AS name_key, title_key AS search_key FROM (SELECT geocode_key(l.title) AS title_key OFFSET 0) t) k
    )
    SELECT h.kind, h.id, h.name, h.lat, h.lng, h.population, h.town, h.county, h.postcode, h.country_id, h.country_slug, h.country_name,
           h.west, h.south, h.east, h.north, h.url
    FROM hits h
    ORDER BY h.score DESC, h.id
    LIMIT q_limit;
END
$$;
--> statement-breakpoint
-- The towns and villages a typed name can mean (geo/geocode/choices.ts): every settlement whose name, or
-- another name it is known by, is exactly the key, in the geocoder's order (5 for the name, 4.9 for another
-- name, then the place's importance), under the generic plan as geocode_search.
CREATE OR REPLACE FUNCTION geocode_place_choices(q_key text, q_limit integer)
RETURNS SETOF geocode_row
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
    SELECT h.kind, h.id, h.name, h.lat, h.lng, h.population, h.town, h.county, h.postcode, h.country_id, h.country_slug, h.country_name,
           h.west, h.south, h.east, h.north, h.url
    FROM geocode_places h
    WHERE h.kind IN ('city', 'town', 'village')
      AND (geocode_key(h.search_name) = q_key OR (h.alt_keys <> '{}' AND h.alt_keys @> ARRAY[q_key]))
    ORDER BY (CASE WHEN geocode_key(h.place_name) = q_key THEN 5 ELSE 4.9::float8 END) + geocode_importance(h.kind, h.population) DESC, h.id
    LIMIT q_limit;
END
$$;
