-- "Name, A to Z" sorts numbers as numbers (M3 before M27; Junction 9 before Junction 10): an ICU
-- collation with numeric ordering, used by the search's name sort (geo/search/query.ts).
CREATE COLLATION IF NOT EXISTS natural_order (provider = icu, locale = 'und-u-kn-true');
