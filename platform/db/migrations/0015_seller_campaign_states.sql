CREATE TABLE "seller_campaign_states" (
	"seller_id" bigint NOT NULL,
	"state" smallint NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seller_campaign_states_seller_id_state_pk" PRIMARY KEY("seller_id","state")
);
--> statement-breakpoint
-- Kept by statement triggers, like seller_daily (0009): one upsert per statement. A campaign without a
-- state counts under 0. The rows are taken in (seller_id, state) order, so two statements that change the
-- same advertiser's counts lock its rows in one order.
CREATE FUNCTION "seller_campaign_states_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seller_campaign_states" AS s ("seller_id", "state", "live")
  SELECT n."seller_id", coalesce(n."state", 0), count(*) FROM new_rows n WHERE n."deleted_at" IS NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("seller_id", "state") DO UPDATE SET "live" = s."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "seller_campaign_states_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seller_campaign_states" AS s ("seller_id", "state", "live")
  SELECT o."seller_id", coalesce(o."state", 0), -count(*) FROM old_rows o WHERE o."deleted_at" IS NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("seller_id", "state") DO UPDATE SET "live" = s."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update that moves no campaign between (advertiser, state, live) writes nothing: a budget or name
-- edit takes no lock here.
CREATE FUNCTION "seller_campaign_states_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seller_campaign_states" AS s ("seller_id", "state", "live")
  SELECT d."seller_id", d."state", sum(d."live")::integer FROM (
    SELECT n."seller_id", coalesce(n."state", 0) AS "state", 1 AS "live" FROM new_rows n WHERE n."deleted_at" IS NULL
    UNION ALL
    SELECT o."seller_id", coalesce(o."state", 0), -1 FROM old_rows o WHERE o."deleted_at" IS NULL
  ) d
  GROUP BY 1, 2 HAVING sum(d."live") <> 0 ORDER BY 1, 2
  ON CONFLICT ("seller_id", "state") DO UPDATE SET "live" = s."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_seller_states_insert" AFTER INSERT ON "campaigns"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_campaign_states_insert"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_seller_states_delete" AFTER DELETE ON "campaigns"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_campaign_states_delete"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_seller_states_update" AFTER UPDATE ON "campaigns"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "seller_campaign_states_update"();
--> statement-breakpoint
INSERT INTO "seller_campaign_states" ("seller_id", "state", "live")
SELECT "seller_id", coalesce("state", 0), count(*) FROM "campaigns" WHERE "deleted_at" IS NULL GROUP BY 1, 2;
