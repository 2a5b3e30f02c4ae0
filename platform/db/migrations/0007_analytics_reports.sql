CREATE TABLE "performance_facts" (
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"product_id" bigint DEFAULT 0 NOT NULL,
	"placement" text DEFAULT 'SEARCH' NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_facts_campaign_id_day_ad_group_id_keyword_product_id_placement_hour_pk" PRIMARY KEY("campaign_id","day","ad_group_id","keyword","product_id","placement","hour"),
	CONSTRAINT "performance_facts_hour_ck" CHECK ("performance_facts"."hour" between -1 and 23),
	CONSTRAINT "performance_facts_placement_ck" CHECK ("performance_facts"."placement" in ('SEARCH', 'PRODUCT_PAGE'))
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_entity_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"file_path" text,
	"total_rows" integer,
	"error" text,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "performance_daily" DROP CONSTRAINT "performance_daily_campaign_id_day_ad_group_id_keyword_product_id_pk";--> statement-breakpoint
ALTER TABLE "performance_daily" ADD COLUMN "placement" text DEFAULT 'SEARCH' NOT NULL;--> statement-breakpoint
ALTER TABLE "performance_daily" ADD COLUMN "units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performance_daily" ADD CONSTRAINT "performance_daily_campaign_id_day_ad_group_id_keyword_product_id_placement_pk" PRIMARY KEY("campaign_id","day","ad_group_id","keyword","product_id","placement");--> statement-breakpoint
ALTER TABLE "performance_facts" ADD CONSTRAINT "performance_facts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_facts" ADD CONSTRAINT "performance_facts_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_report_entity_id_report_entities_report_entity_id_fk" FOREIGN KEY ("report_entity_id") REFERENCES "public"."report_entities"("report_entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_runs_entity_idx" ON "report_runs" USING btree ("report_entity_id","created_at");--> statement-breakpoint
CREATE INDEX "report_entities_seller_idx" ON "report_entities" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "report_schedules_next_idx" ON "report_schedules" USING btree ("next_run_at");--> statement-breakpoint
ALTER TABLE "performance_daily" ADD CONSTRAINT "performance_daily_placement_ck" CHECK ("performance_daily"."placement" in ('SEARCH', 'PRODUCT_PAGE'));