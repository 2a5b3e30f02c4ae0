CREATE TABLE "seller_daily" (
	"seller_id" bigint NOT NULL,
	"day" date NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "seller_daily_seller_id_day_pk" PRIMARY KEY("seller_id","day")
);
--> statement-breakpoint
CREATE INDEX "campaigns_seller_live_created_idx" ON "campaigns" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "campaigns"."deleted_at" is null;--> statement-breakpoint
-- Kept by statement triggers, like campaign_spend (0002): one aggregate per statement. Facts of deleted
-- campaigns are not in it; deleting (or restoring) a campaign moves its facts out of (into) the sums.
CREATE FUNCTION "seller_daily_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seller_daily" AS s ("seller_id", "day", "spend", "clicks", "orders", "sales")
  SELECT c."seller_id", n."day", sum(n."spend"), sum(n."clicks"), sum(n."orders"), sum(n."sales")
  FROM new_rows n JOIN "campaigns" c ON c."id" = n."campaign_id" AND c."deleted_at" IS NULL
  GROUP BY c."seller_id", n."day"
  ON CONFLICT ("seller_id", "day") DO UPDATE SET
    "spend" = s."spend" + excluded."spend", "clicks" = s."clicks" + excluded."clicks",
    "orders" = s."orders" + excluded."orders", "sales" = s."sales" + excluded."sales";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "seller_daily_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "seller_daily" s SET
    "spend" = s."spend" - o."spend", "clicks" = s."clicks" - o."clicks",
    "orders" = s."orders" - o."orders", "sales" = s."sales" - o."sales"
  FROM (
    SELECT c."seller_id", r."day", sum(r."spend") AS "spend", sum(r."clicks") AS "clicks",
      sum(r."orders") AS "orders", sum(r."sales") AS "sales"
    FROM old_rows r JOIN "campaigns" c ON c."id" = r."campaign_id" AND c."deleted_at" IS NULL
    GROUP BY c."seller_id", r."day"
  ) o
  WHERE s."seller_id" = o."seller_id" AND s."day" = o."day";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "seller_daily_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seller_daily" AS s ("seller_id", "day", "spend", "clicks", "orders", "sales")
  SELECT c."seller_id", d."day", sum(d."spend"), sum(d."clicks"), sum(d."orders"), sum(d."sales")
  FROM (
    SELECT "campaign_id", "day", "spend", "clicks"::bigint AS "clicks", "orders"::bigint AS "orders", "sales"
    FROM new_rows
    UNION ALL
    SELECT "campaign_id", "day", -"spend", -"clicks"::bigint, -"orders"::bigint, -"sales" FROM old_rows
  ) d JOIN "campaigns" c ON c."id" = d."campaign_id" AND c."deleted_at" IS NULL
  GROUP BY c."seller_id", d."day"
  ON CONFLICT ("seller_id", "day") DO UPDATE SET
    "spend" = s."spend" + excluded."spend", "clicks" = s."clicks" + excluded."clicks",
    "orders" = s."orders" + excluded."orders", "sales" = s."sales" + excluded."sales";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A campaign deleted (deleted_at set) leaves the sums, one restored comes back, one moved to another
-- advertiser moves with its facts; a hard delete (drafts: no facts) takes its facts out before the
-- cascade removes them, since the cascade's own trigger no longer finds the campaign.
CREATE FUNCTION "seller_daily_campaign_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seller_daily" AS s ("seller_id", "day", "spend", "clicks", "orders", "sales")
  SELECT m."seller_id", p."day", sum(m."sign" * p."spend"), sum(m."sign" * p."clicks"),
    sum(m."sign" * p."orders"), sum(m."sign" * p."sales")
  FROM (
    SELECT o."id", o."seller_id", -1 AS "sign" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE o."deleted_at" IS NULL AND (n."deleted_at" IS NOT NULL OR n."seller_id" <> o."seller_id")
    UNION ALL
    SELECT n."id", n."seller_id", 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE n."deleted_at" IS NULL AND (o."deleted_at" IS NOT NULL OR n."seller_id" <> o."seller_id")
  ) m JOIN "performance_daily" p ON p."campaign_id" = m."id"
  GROUP BY m."seller_id", p."day"
  ON CONFLICT ("seller_id", "day") DO UPDATE SET
    "spend" = s."spend" + excluded."spend", "clicks" = s."clicks" + excluded."clicks",
    "orders" = s."orders" + excluded."orders", "sales" = s."sales" + excluded."sales";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "seller_daily_campaign_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."deleted_at" IS NULL THEN
    UPDATE "seller_daily" s SET
      "spend" = s."spend" - o."spend", "clicks" = s."clicks" - o."clicks",
      "orders" = s."orders" - o."orders", "sales" = s."sales" - o."sales"
    FROM (
      SELECT "day", sum("spend") AS "spend", sum("clicks") AS "clicks", sum("orders") AS "orders",
        sum("sales") AS "sales"
      FROM "performance_daily" WHERE "campaign_id" = OLD."id" GROUP BY "day"
    ) o
    WHERE s."seller_id" = OLD."seller_id" AND s."day" = o."day";
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "performance_daily_seller_insert" AFTER INSERT ON "performance_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_daily_add"();
--> statement-breakpoint
CREATE TRIGGER "performance_daily_seller_delete" AFTER DELETE ON "performance_daily"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_daily_remove"();
--> statement-breakpoint
CREATE TRIGGER "performance_daily_seller_update" AFTER UPDATE ON "performance_daily"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_daily_change"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_seller_daily_update" AFTER UPDATE ON "campaigns"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_daily_campaign_change"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_seller_daily_delete" BEFORE DELETE ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION "seller_daily_campaign_delete"();
--> statement-breakpoint
INSERT INTO "seller_daily" ("seller_id", "day", "spend", "clicks", "orders", "sales")
SELECT c."seller_id", p."day", sum(p."spend"), sum(p."clicks"), sum(p."orders"), sum(p."sales")
FROM "performance_daily" p JOIN "campaigns" c ON c."id" = p."campaign_id" AND c."deleted_at" IS NULL
GROUP BY c."seller_id", p."day";
