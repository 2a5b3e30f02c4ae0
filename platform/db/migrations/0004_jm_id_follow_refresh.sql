-- 0003's follow functions were corrected (move a sequence only for ids above it, never undoing a
-- concurrent nextval) after some databases had applied 0003: this brings those databases to the same
-- bodies. On a fresh database it replaces the functions with identical ones.
CREATE OR REPLACE FUNCTION "jm_campaign_id_seq_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE FUNCTION "jm_adgroup_id_seq_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
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
