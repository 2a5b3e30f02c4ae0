CREATE SEQUENCE "public"."jm_adgroup_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."jm_campaign_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Start above the ids already written (decision 027).
SELECT setval('jm_campaign_id_seq', greatest(1, (SELECT coalesce(max("jmcampaign_id"), 0) FROM "campaigns")), (SELECT count(*) > 0 FROM "campaigns"));--> statement-breakpoint
SELECT setval('jm_adgroup_id_seq', greatest(1, (SELECT coalesce(max("jm_adgroup_id"), 0) FROM "ad_groups")), (SELECT count(*) > 0 FROM "ad_groups"));--> statement-breakpoint
-- Ids written explicitly (the demo seed, tests, imports) move the sequence past them, once per statement.
CREATE FUNCTION "jm_campaign_id_seq_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE top bigint;
BEGIN
  SELECT max("jmcampaign_id") INTO top FROM new_rows;
  -- Only ids above the sequence move it (ids it gave never do, so concurrent nextval is never undone).
  IF top IS NOT NULL AND EXISTS (
    SELECT 1 FROM "jm_campaign_id_seq" WHERE top > last_value OR (top = last_value AND NOT is_called)
  ) THEN
    PERFORM setval('jm_campaign_id_seq', top);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "jm_adgroup_id_seq_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE top bigint;
BEGIN
  SELECT max("jm_adgroup_id") INTO top FROM new_rows;
  -- Only ids above the sequence move it (ids it gave never do, so concurrent nextval is never undone).
  IF top IS NOT NULL AND EXISTS (
    SELECT 1 FROM "jm_adgroup_id_seq" WHERE top > last_value OR (top = last_value AND NOT is_called)
  ) THEN
    PERFORM setval('jm_adgroup_id_seq', top);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_jm_id_follow" AFTER INSERT ON "campaigns" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "jm_campaign_id_seq_follow"();--> statement-breakpoint
CREATE TRIGGER "ad_groups_jm_id_follow" AFTER INSERT ON "ad_groups" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "jm_adgroup_id_seq_follow"();
