-- A RUNNING report run's last sign of life (decision 059): set when a try is claimed and refreshed by its
-- writer while it generates, so PostgreSQL takes over a dead try within a minute, not after ten. Null for
-- runs written before this migration: their started_at stands in.
ALTER TABLE "report_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;
