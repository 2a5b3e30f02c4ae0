CREATE TABLE "campaign_windows" (
	"campaign_id" bigint NOT NULL,
	"date_filter" text NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_windows_campaign_id_date_filter_pk" PRIMARY KEY("campaign_id","date_filter")
);
--> statement-breakpoint
CREATE TABLE "campaign_windows_day" (
	"id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "campaign_windows_day_one_row_ck" CHECK ("campaign_windows_day"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "campaign_windows" ADD CONSTRAINT "campaign_windows_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The preset date filters' ranges for IST day d, as platform/inventory/campaign-list.ts dateRange gives
-- them (presets end yesterday except TODAY and CURRENT_MONTH; decision 010). A test compares the two.
CREATE FUNCTION "campaign_window_from"(f text, d date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE f WHEN 'TODAY' THEN d WHEN 'LAST_1D' THEN d - 1 WHEN 'LAST_7D' THEN d - 7
    WHEN 'LAST_30D' THEN d - 30 WHEN 'CURRENT_MONTH' THEN date_trunc('month', d)::date END
$$;
--> statement-breakpoint
CREATE FUNCTION "campaign_window_to"(f text, d date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN f IN ('TODAY', 'CURRENT_MONTH') THEN d ELSE d - 1 END
$$;
--> statement-breakpoint
-- Rebuilds every campaign's sums for IST day d. The day row is written first: its lock makes the fact
-- triggers of concurrent writes wait, so each write's delta lands on the rebuilt rows for the new day.
CREATE FUNCTION "campaign_windows_rebuild"(d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "campaign_windows_day" ("id", "day") VALUES (1, d)
    ON CONFLICT ("id") DO UPDATE SET "day" = excluded."day";
  DELETE FROM "campaign_windows";
  INSERT INTO "campaign_windows" ("campaign_id", "date_filter", "spend", "clicks", "orders", "sales")
  SELECT p."campaign_id", w."f", sum(p."spend"), sum(p."clicks"), sum(p."orders"), sum(p."sales")
  FROM (VALUES ('TODAY'), ('LAST_1D'), ('LAST_7D'), ('LAST_30D'), ('CURRENT_MONTH')) w("f")
  JOIN "performance_daily" p
    ON p."day" BETWEEN "campaign_window_from"(w."f", d) AND "campaign_window_to"(w."f", d)
  GROUP BY p."campaign_id", w."f";
END $$;
--> statement-breakpoint
-- Adds a statement's changes to performance_daily to the windows holding their days: the new rows plus,
-- the old rows minus (the transition tables an INSERT, UPDATE or DELETE has). Dynamic SQL because a
-- statement only has the transition tables of its own kind.
CREATE FUNCTION "campaign_windows_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
  changes text;
BEGIN
  SELECT "day" INTO d FROM "campaign_windows_day" WHERE "id" = 1 FOR SHARE;
  IF d IS NULL THEN RETURN NULL; END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "campaign_id", "day", "spend", "clicks"::bigint AS "clicks", "orders"::bigint AS "orders", "sales" FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT "campaign_id", "day", -"spend" AS "spend", -"clicks"::bigint AS "clicks", -"orders"::bigint AS "orders", -"sales" AS "sales" FROM old_rows'
    ELSE 'SELECT "campaign_id", "day", "spend", "clicks"::bigint AS "clicks", "orders"::bigint AS "orders", "sales" FROM new_rows
          UNION ALL SELECT "campaign_id", "day", -"spend", -"clicks"::bigint, -"orders"::bigint, -"sales" FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO "campaign_windows" AS s ("campaign_id", "date_filter", "spend", "clicks", "orders", "sales")
    SELECT x."campaign_id", w."f", sum(x."spend"), sum(x."clicks"), sum(x."orders"), sum(x."sales")
    FROM (%s) x
    JOIN (VALUES ('TODAY'), ('LAST_1D'), ('LAST_7D'), ('LAST_30D'), ('CURRENT_MONTH')) w("f")
      ON x."day" BETWEEN "campaign_window_from"(w."f", $1) AND "campaign_window_to"(w."f", $1)
    GROUP BY x."campaign_id", w."f"
    ON CONFLICT ("campaign_id", "date_filter") DO UPDATE SET
      "spend" = s."spend" + excluded."spend", "clicks" = s."clicks" + excluded."clicks",
      "orders" = s."orders" + excluded."orders", "sales" = s."sales" + excluded."sales"
  $sql$, changes) USING d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "performance_daily_windows_insert" AFTER INSERT ON "performance_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_windows_follow"();
--> statement-breakpoint
CREATE TRIGGER "performance_daily_windows_delete" AFTER DELETE ON "performance_daily"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_windows_follow"();
--> statement-breakpoint
CREATE TRIGGER "performance_daily_windows_update" AFTER UPDATE ON "performance_daily"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_windows_follow"();
