-- site_exceptions.site_id kept its foreign key to sites as a row trigger: one key lookup and lock
-- per inserted own row. A write that gives 10 stores own rows of 5,000 items spent 400-600 ms of
-- its 1.1 s there (PostgreSQL 50 x 25,000). The same rule is now checked once per statement over
-- the rows it inserted: each distinct site is looked up and locked (FOR KEY SHARE, as the foreign
-- key did, so a site cannot be deleted under a write that names it), and a missing one fails the
-- statement with the foreign key's SQLSTATE. Deleting a site still deletes its own rows.
ALTER TABLE "site_exceptions" DROP CONSTRAINT IF EXISTS "site_exceptions_site_id_sites_id_fk";--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_exceptions_sites_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  WITH named AS (SELECT DISTINCT site_id FROM new_rows),
    found AS (SELECT s.id FROM sites s WHERE s.id IN (SELECT site_id FROM named) FOR KEY SHARE)
  SELECT min(n.site_id) INTO missing FROM named n WHERE n.site_id NOT IN (SELECT id FROM found);
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "site_exceptions" violates foreign key: site % does not exist', missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER site_exceptions_sites_exist_ins AFTER INSERT ON site_exceptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_exceptions_sites_exist();--> statement-breakpoint
-- No writer moves an own row to another site; were one to, the new site is checked per row (a
-- trigger on the site_id column only: ordinary updates do not reach it).
CREATE OR REPLACE FUNCTION site_exceptions_site_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sites WHERE id = NEW.site_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "site_exceptions" violates foreign key: site % does not exist', NEW.site_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER site_exceptions_site_moved AFTER UPDATE OF site_id ON site_exceptions
  FOR EACH ROW WHEN (NEW.site_id IS DISTINCT FROM OLD.site_id) EXECUTE FUNCTION site_exceptions_site_moved();--> statement-breakpoint
CREATE OR REPLACE FUNCTION sites_delete_own_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM site_exceptions WHERE site_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER sites_delete_own_rows BEFORE DELETE ON sites
  FOR EACH ROW EXECUTE FUNCTION sites_delete_own_rows();
