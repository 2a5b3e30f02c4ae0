-- The editor's keyword bids read clicks and spend per keyword over the last 30 days (catalog.ts keywordFacts):
-- with this index that is a range per keyword, not a scan of every advertiser's facts of those days
-- (47 ms for 500 keywords on the bench data, decision 064).
CREATE INDEX "performance_daily_keyword_day_idx" ON "performance_daily" USING btree (lower("keyword"),"day");