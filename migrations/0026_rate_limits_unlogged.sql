-- Rate-limit windows are counters, not records: an unlogged table writes no WAL, so the JSON API's
-- per-address limit (one upsert per request) no longer waits for a WAL flush on every call. A crash
-- empties the table, which only forgives the attempts of the last window (docs/decisions/0171).
ALTER TABLE rate_limit_buckets SET UNLOGGED;
