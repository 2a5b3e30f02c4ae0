-- The day's rebuild of the kept preset sums in pieces (decision 082). 0017's rebuild was one statement in
-- one transaction: 1.5 s on the bench's data at the usual speed, 4.4 s in a slow phase, and the
-- embedded database, one session, answered nothing else meanwhile (every IST midnight, and the first
-- start on new data, /healthz included). Now each row carries the day its ranges are relative to; the new
-- day's rows are summed beside the current day's, a few hundred campaigns a transaction, and the list turns
-- to them in one row update once every campaign is summed. Readers keep the current day's rows until then.
ALTER TABLE "campaign_windows" ADD COLUMN "day" date;--> statement-breakpoint
UPDATE "campaign_windows" SET "day" = (SELECT "day" FROM "campaign_windows_day" WHERE "id" = 1);--> statement-breakpoint
DELETE FROM "campaign_windows" WHERE "day" IS NULL;--> statement-breakpoint
ALTER TABLE "campaign_windows" ALTER COLUMN "day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_windows" DROP CONSTRAINT "campaign_windows_campaign_id_date_filter_pk";--> statement-breakpoint
ALTER TABLE "campaign_windows" ADD CONSTRAINT "campaign_windows_campaign_id_date_filter_day_pk" PRIMARY KEY("campaign_id","date_filter","day");--> statement-breakpoint
ALTER TABLE "campaign_windows_day" ALTER COLUMN "day" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_windows_day" ADD COLUMN "building" date;--> statement-breakpoint
ALTER TABLE "campaign_windows_day" ADD COLUMN "built_through" bigint;--> statement-breakpoint
DROP FUNCTION "campaign_windows_rebuild"(date);--> statement-breakpoint
-- Every piece takes the day row's lock first (FOR UPDATE): the fact triggers of concurrent writes hold it
-- shared until they commit, so a piece sums the facts of every write that came before it, and a write
-- after it finds the piece done (built_through) and adds its delta to the new day's rows as well.
--
-- Starts summing day d, or says where a rebuild of d under way has got to: the last campaign id summed
-- (-1: none yet). NULL, unless `again`, when the sums read are of d or a later day, or a later day's are
-- under way.
CREATE FUNCTION "campaign_windows_begin"(d date, again boolean) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  r "campaign_windows_day"%ROWTYPE;
BEGIN
  INSERT INTO "campaign_windows_day" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
  SELECT * INTO r FROM "campaign_windows_day" WHERE "id" = 1 FOR UPDATE;
  -- Never back to an earlier day than the one read or being summed (a process whose clock lags).
  IF NOT again AND (r."day" >= d OR r."building" > d) THEN RETURN NULL; END IF;
  IF r."building" = d AND r."day" IS DISTINCT FROM d AND NOT again THEN RETURN r."built_through"; END IF;
  -- A rebuild of the day the list reads: the list sums the facts until it is done.
  UPDATE "campaign_windows_day" SET
    "day" = CASE WHEN r."day" = d THEN NULL ELSE r."day" END, "building" = d, "built_through" = -1
  WHERE "id" = 1;
  DELETE FROM "campaign_windows" WHERE "day" = d;
  RETURN -1;
END $$;
--> statement-breakpoint
-- Sums the next `n` campaigns after `after_id` for day d (0017's one pass over their facts of the 31
-- days, each row read once) and returns the last campaign id now summed: 9223372036854775807 once every
-- campaign is. If another rebuild got further, returns where it got to without summing; NULL if the
-- rebuild of d was given up for another day's.
CREATE FUNCTION "campaign_windows_piece"(d date, after_id bigint, n integer) RETURNS bigint LANGUAGE plpgsql
SET "work_mem" = '64MB' AS $$
DECLARE
  r "campaign_windows_day"%ROWTYPE;
  upto bigint;
  today_from date := "campaign_window_from"('TODAY', d);
  today_to date := "campaign_window_to"('TODAY', d);
  d1_from date := "campaign_window_from"('LAST_1D', d);
  d1_to date := "campaign_window_to"('LAST_1D', d);
  d7_from date := "campaign_window_from"('LAST_7D', d);
  d7_to date := "campaign_window_to"('LAST_7D', d);
  d30_from date := "campaign_window_from"('LAST_30D', d);
  d30_to date := "campaign_window_to"('LAST_30D', d);
  month_from date := "campaign_window_from"('CURRENT_MONTH', d);
  month_to date := "campaign_window_to"('CURRENT_MONTH', d);
BEGIN
  SELECT * INTO r FROM "campaign_windows_day" WHERE "id" = 1 FOR UPDATE;
  IF r."building" IS DISTINCT FROM d THEN RETURN NULL; END IF;
  IF r."built_through" <> after_id THEN RETURN r."built_through"; END IF;
  SELECT c."id" INTO upto FROM "campaigns" c WHERE c."id" > after_id ORDER BY c."id" OFFSET n - 1 LIMIT 1;
  upto := coalesce(upto, 9223372036854775807);
  INSERT INTO "campaign_windows" ("campaign_id", "date_filter", "day", "spend", "clicks", "orders", "sales")
  SELECT s."campaign_id", w."f", d, w."spend", w."clicks", w."orders", w."sales"
  FROM (
    SELECT p."campaign_id",
      count(*) FILTER (WHERE p."day" BETWEEN today_from AND today_to) AS "today_n",
      sum(p."spend") FILTER (WHERE p."day" BETWEEN today_from AND today_to) AS "today_spend",
      sum(p."clicks") FILTER (WHERE p."day" BETWEEN today_from AND today_to) AS "today_clicks",
      sum(p."orders") FILTER (WHERE p."day" BETWEEN today_from AND today_to) AS "today_orders",
      sum(p."sales") FILTER (WHERE p."day" BETWEEN today_from AND today_to) AS "today_sales",
      count(*) FILTER (WHERE p."day" BETWEEN d1_from AND d1_to) AS "d1_n",
      sum(p."spend") FILTER (WHERE p."day" BETWEEN d1_from AND d1_to) AS "d1_spend",
      sum(p."clicks") FILTER (WHERE p."day" BETWEEN d1_from AND d1_to) AS "d1_clicks",
      sum(p."orders") FILTER (WHERE p."day" BETWEEN d1_from AND d1_to) AS "d1_orders",
      sum(p."sales") FILTER (WHERE p."day" BETWEEN d1_from AND d1_to) AS "d1_sales",
      count(*) FILTER (WHERE p."day" BETWEEN d7_from AND d7_to) AS "d7_n",
      sum(p."spend") FILTER (WHERE p."day" BETWEEN d7_from AND d7_to) AS "d7_spend",
      sum(p."clicks") FILTER (WHERE p."day" BETWEEN d7_from AND d7_to) AS "d7_clicks",
      sum(p."orders") FILTER (WHERE p."day" BETWEEN d7_from AND d7_to) AS "d7_orders",
      sum(p."sales") FILTER (WHERE p."day" BETWEEN d7_from AND d7_to) AS "d7_sales",
      count(*) FILTER (WHERE p."day" BETWEEN d30_from AND d30_to) AS "d30_n",
      sum(p."spend") FILTER (WHERE p."day" BETWEEN d30_from AND d30_to) AS "d30_spend",
      sum(p."clicks") FILTER (WHERE p."day" BETWEEN d30_from AND d30_to) AS "d30_clicks",
      sum(p."orders") FILTER (WHERE p."day" BETWEEN d30_from AND d30_to) AS "d30_orders",
      sum(p."sales") FILTER (WHERE p."day" BETWEEN d30_from AND d30_to) AS "d30_sales",
      count(*) FILTER (WHERE p."day" BETWEEN month_from AND month_to) AS "month_n",
      sum(p."spend") FILTER (WHERE p."day" BETWEEN month_from AND month_to) AS "month_spend",
      sum(p."clicks") FILTER (WHERE p."day" BETWEEN month_from AND month_to) AS "month_clicks",
      sum(p."orders") FILTER (WHERE p."day" BETWEEN month_from AND month_to) AS "month_orders",
      sum(p."sales") FILTER (WHERE p."day" BETWEEN month_from AND month_to) AS "month_sales"
    FROM "performance_daily" p
    WHERE p."campaign_id" > after_id AND p."campaign_id" <= upto
      AND p."day" BETWEEN least(today_from, d1_from, d7_from, d30_from, month_from)
      AND greatest(today_to, d1_to, d7_to, d30_to, month_to)
    GROUP BY p."campaign_id"
  ) s
  CROSS JOIN LATERAL (VALUES
    ('TODAY', s."today_n", s."today_spend", s."today_clicks", s."today_orders", s."today_sales"),
    ('LAST_1D', s."d1_n", s."d1_spend", s."d1_clicks", s."d1_orders", s."d1_sales"),
    ('LAST_7D', s."d7_n", s."d7_spend", s."d7_clicks", s."d7_orders", s."d7_sales"),
    ('LAST_30D', s."d30_n", s."d30_spend", s."d30_clicks", s."d30_orders", s."d30_sales"),
    ('CURRENT_MONTH', s."month_n", s."month_spend", s."month_clicks", s."month_orders", s."month_sales")
  ) w("f", "n", "spend", "clicks", "orders", "sales")
  WHERE w."n" > 0;
  UPDATE "campaign_windows_day" SET "built_through" = upto WHERE "id" = 1;
  RETURN upto;
END $$;
--> statement-breakpoint
-- Once every campaign is summed for d: the list reads d's rows. False if the rebuild of d is not done (or
-- was given up for another day's).
CREATE FUNCTION "campaign_windows_finish"(d date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  r "campaign_windows_day"%ROWTYPE;
BEGIN
  SELECT * INTO r FROM "campaign_windows_day" WHERE "id" = 1 FOR UPDATE;
  IF r."building" IS DISTINCT FROM d OR r."built_through" <> 9223372036854775807 THEN RETURN false; END IF;
  UPDATE "campaign_windows_day" SET "day" = d, "building" = NULL, "built_through" = NULL WHERE "id" = 1;
  RETURN true;
END $$;
--> statement-breakpoint
-- After the list has turned to d: deletes the other days' rows of the next `n` campaigns after `after_id`
-- and returns the last campaign id swept (9223372036854775807 at the end); NULL while d is not the day
-- read, or a rebuild is under way (its rows are not others' to delete).
CREATE FUNCTION "campaign_windows_sweep"(d date, after_id bigint, n integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  r "campaign_windows_day"%ROWTYPE;
  upto bigint;
BEGIN
  SELECT * INTO r FROM "campaign_windows_day" WHERE "id" = 1 FOR UPDATE;
  IF r."day" IS DISTINCT FROM d OR r."building" IS NOT NULL THEN RETURN NULL; END IF;
  SELECT c."id" INTO upto FROM "campaigns" c WHERE c."id" > after_id ORDER BY c."id" OFFSET n - 1 LIMIT 1;
  upto := coalesce(upto, 9223372036854775807);
  DELETE FROM "campaign_windows"
  WHERE "campaign_id" > after_id AND "campaign_id" <= upto AND "day" <> d;
  RETURN upto;
END $$;
--> statement-breakpoint
-- The whole rebuild for day d in one call (the caller's transaction), as before 0018: tests, and any
-- caller that wants it done at once.
CREATE FUNCTION "campaign_windows_rebuild"(d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "campaign_windows_begin"(d, true);
  PERFORM "campaign_windows_piece"(d, -1, 2147483647);
  PERFORM "campaign_windows_finish"(d);
  PERFORM "campaign_windows_sweep"(d, -1, 2147483647);
END $$;
--> statement-breakpoint
-- 0010's trigger function, for rows of a day each: a statement's changes to performance_daily are added to
-- the rows of the day the list reads and, while a rebuild is under way, to the new day's rows of the
-- campaigns already summed for it (those not yet summed will read these facts when their piece comes).
CREATE OR REPLACE FUNCTION "campaign_windows_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r "campaign_windows_day"%ROWTYPE;
  changes text;
BEGIN
  SELECT * INTO r FROM "campaign_windows_day" WHERE "id" = 1 FOR SHARE;
  IF r."day" IS NULL AND r."building" IS NULL THEN RETURN NULL; END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "campaign_id", "day", "spend", "clicks"::bigint AS "clicks", "orders"::bigint AS "orders", "sales" FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT "campaign_id", "day", -"spend" AS "spend", -"clicks"::bigint AS "clicks", -"orders"::bigint AS "orders", -"sales" AS "sales" FROM old_rows'
    ELSE 'SELECT "campaign_id", "day", "spend", "clicks"::bigint AS "clicks", "orders"::bigint AS "orders", "sales" FROM new_rows
          UNION ALL SELECT "campaign_id", "day", -"spend", -"clicks"::bigint, -"orders"::bigint, -"sales" FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO "campaign_windows" AS s ("campaign_id", "date_filter", "day", "spend", "clicks", "orders", "sales")
    SELECT x."campaign_id", w."f", k."day", sum(x."spend"), sum(x."clicks"), sum(x."orders"), sum(x."sales")
    FROM (%s) x
    JOIN (VALUES ($1, NULL::bigint), ($2, $3)) k("day", "through")
      ON k."day" IS NOT NULL AND (k."through" IS NULL OR x."campaign_id" <= k."through")
    JOIN (VALUES ('TODAY'), ('LAST_1D'), ('LAST_7D'), ('LAST_30D'), ('CURRENT_MONTH')) w("f")
      ON x."day" BETWEEN "campaign_window_from"(w."f", k."day") AND "campaign_window_to"(w."f", k."day")
    GROUP BY x."campaign_id", w."f", k."day"
    ON CONFLICT ("campaign_id", "date_filter", "day") DO UPDATE SET
      "spend" = s."spend" + excluded."spend", "clicks" = s."clicks" + excluded."clicks",
      "orders" = s."orders" + excluded."orders", "sales" = s."sales" + excluded."sales"
  $sql$, changes) USING r."day", r."building", r."built_through";
  RETURN NULL;
END $$;
