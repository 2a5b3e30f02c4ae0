-- getFilters' shown mode (decision 066): the first 50 of an advertiser's live campaigns by name (and the
-- search's matches) are an ordered index scan, and its distinct creators one index probe each, instead of
-- a sort of every campaign (bench data, 10,000 campaigns: 3.6 ms and 6.2 ms before).
CREATE INDEX "campaigns_seller_live_name_idx" ON "campaigns" USING btree ("seller_id","name","id") WHERE "campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_seller_live_creator_idx" ON "campaigns" USING btree ("seller_id","campaign_created_by") WHERE "campaigns"."deleted_at" is null;