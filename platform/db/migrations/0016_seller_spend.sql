CREATE TABLE "seller_spend" (
	"seller_id" bigint PRIMARY KEY NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Kept by statement triggers on campaign_spend, itself kept by triggers on performance_daily (0002): one
-- upsert per statement, the rows taken in seller_id order. It is the sum of campaign_spend per seller_id,
-- whatever that holds: deleted campaigns' spend counts (their money was spent), as it did when available
-- credit summed campaign_spend itself.
CREATE FUNCTION "seller_spend_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seller_spend" AS s ("seller_id", "spend")
  SELECT n."seller_id", sum(n."spend") FROM new_rows n GROUP BY 1 HAVING sum(n."spend") <> 0 ORDER BY 1
  ON CONFLICT ("seller_id") DO UPDATE SET "spend" = s."spend" + excluded."spend";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "seller_spend_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seller_spend" AS s ("seller_id", "spend")
  SELECT o."seller_id", -sum(o."spend") FROM old_rows o GROUP BY 1 HAVING sum(o."spend") <> 0 ORDER BY 1
  ON CONFLICT ("seller_id") DO UPDATE SET "spend" = s."spend" + excluded."spend";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "seller_spend_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seller_spend" AS s ("seller_id", "spend")
  SELECT d."seller_id", sum(d."spend") FROM (
    SELECT n."seller_id", n."spend" FROM new_rows n
    UNION ALL
    SELECT o."seller_id", -o."spend" FROM old_rows o
  ) d
  GROUP BY 1 HAVING sum(d."spend") <> 0 ORDER BY 1
  ON CONFLICT ("seller_id") DO UPDATE SET "spend" = s."spend" + excluded."spend";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_spend_seller_insert" AFTER INSERT ON "campaign_spend"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_spend_insert"();
--> statement-breakpoint
CREATE TRIGGER "campaign_spend_seller_delete" AFTER DELETE ON "campaign_spend"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_spend_delete"();
--> statement-breakpoint
CREATE TRIGGER "campaign_spend_seller_update" AFTER UPDATE ON "campaign_spend"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_spend_update"();
--> statement-breakpoint
INSERT INTO "seller_spend" ("seller_id", "spend")
SELECT "seller_id", sum("spend") FROM "campaign_spend" GROUP BY 1 HAVING sum("spend") <> 0;
