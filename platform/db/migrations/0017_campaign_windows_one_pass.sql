-- The day's rebuild of the kept preset sums (0010) in one pass over the facts (decision 081). 0010 joined
-- the facts to the five presets: each fact row once per preset holding its day (about three times on
-- average), then one aggregate over (campaign, preset) that spilled to disk past the 4 MB work_mem: 2.2 s
-- at the bench's 10,000-campaign advertiser, during which the embedded database answers nothing else
-- (the first start on new data, and every IST midnight). Here each fact row of the last 31 days is read
-- once, summed per campaign into each preset it falls in (FILTER), and the five presets are unfolded
-- from that row. Same rows as 0010: a (campaign, preset) row only where the preset holds a fact.
CREATE OR REPLACE FUNCTION "campaign_windows_rebuild"(d date) RETURNS void LANGUAGE plpgsql
SET "work_mem" = '64MB' AS $$
DECLARE
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
  INSERT INTO "campaign_windows_day" ("id", "day") VALUES (1, d)
    ON CONFLICT ("id") DO UPDATE SET "day" = excluded."day";
  DELETE FROM "campaign_windows";
  INSERT INTO "campaign_windows" ("campaign_id", "date_filter", "spend", "clicks", "orders", "sales")
  SELECT s."campaign_id", w."f", w."spend", w."clicks", w."orders", w."sales"
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
    WHERE p."day" BETWEEN least(today_from, d1_from, d7_from, d30_from, month_from)
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
END $$;
