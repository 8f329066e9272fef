-- Every committed change of who reaches which account notifies 'app_access_changed', once per
-- transaction (PostgreSQL folds equal notifications): the product's processes empty their grant
-- caches when they hear it (modules/access/access-changes.ts). A grant reaches a miner from the
-- miner itself, its operator and its pool, so the miners' and operators' links count too.
CREATE FUNCTION "app"."notify_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_access_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "permissions_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app"."permissions" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_access_changed"();--> statement-breakpoint
CREATE TRIGGER "miners_access_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "pool_id", "operator_id", "deleted_at" ON "app"."miners" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_access_changed"();--> statement-breakpoint
CREATE TRIGGER "operators_access_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "pool_id" ON "app"."operators" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_access_changed"();
