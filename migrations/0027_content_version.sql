-- The content version: a number that moves with every write to a table a page can show, so the
-- render cache (app/http/render-cache.server.ts, docs/decisions/0176) knows a kept page is still true.
-- Statement-level triggers: one step per statement, whatever the number of rows (a COPY of a million
-- listings moves it once). Left out: tables written on every request or never shown on a public page.
-- A new table gets its trigger in its own migration (tests/integration/content-version.test.ts checks).
CREATE SEQUENCE IF NOT EXISTS content_version;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('content_version');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname NOT IN ('rate_limit_buckets', 'road_count_cache', 'sessions', 'captcha_spent', 'caught_mail', 'account_tokens', 'admin_audit_log')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('CREATE TRIGGER content_version AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()', t);
    EXECUTE format('CREATE TRIGGER content_version_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()', t);
  END LOOP;
END
$$;
