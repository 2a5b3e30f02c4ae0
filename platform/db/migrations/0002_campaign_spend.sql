CREATE TABLE "campaign_spend" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_spend" ADD CONSTRAINT "campaign_spend_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_spend_seller_idx" ON "campaign_spend" USING btree ("seller_id");--> statement-breakpoint
-- Kept by statement triggers (one aggregate per statement, not one update per fact row).
CREATE FUNCTION "campaign_spend_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "campaign_spend" ("campaign_id", "seller_id", "spend")
  SELECT n."campaign_id", c."seller_id", sum(n."spend")
  FROM new_rows n JOIN "campaigns" c ON c."id" = n."campaign_id"
  GROUP BY n."campaign_id", c."seller_id"
  ON CONFLICT ("campaign_id") DO UPDATE SET "spend" = "campaign_spend"."spend" + excluded."spend";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "campaign_spend_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "campaign_spend" s SET "spend" = s."spend" - o."total"
  FROM (SELECT "campaign_id", sum("spend") AS "total" FROM old_rows GROUP BY "campaign_id") o
  WHERE s."campaign_id" = o."campaign_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "campaign_spend_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "campaign_spend" ("campaign_id", "seller_id", "spend")
  SELECT d."campaign_id", c."seller_id", sum(d."delta")
  FROM (
    SELECT "campaign_id", "spend" AS "delta" FROM new_rows
    UNION ALL
    SELECT "campaign_id", -"spend" FROM old_rows
  ) d JOIN "campaigns" c ON c."id" = d."campaign_id"
  GROUP BY d."campaign_id", c."seller_id"
  ON CONFLICT ("campaign_id") DO UPDATE SET "spend" = "campaign_spend"."spend" + excluded."spend";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "performance_daily_spend_insert" AFTER INSERT ON "performance_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_spend_add"();
--> statement-breakpoint
CREATE TRIGGER "performance_daily_spend_delete" AFTER DELETE ON "performance_daily"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_spend_remove"();
--> statement-breakpoint
CREATE TRIGGER "performance_daily_spend_update" AFTER UPDATE ON "performance_daily"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_spend_change"();
--> statement-breakpoint
INSERT INTO "campaign_spend" ("campaign_id", "seller_id", "spend")
SELECT p."campaign_id", c."seller_id", sum(p."spend")
FROM "performance_daily" p JOIN "campaigns" c ON c."id" = p."campaign_id"
GROUP BY p."campaign_id", c."seller_id";
