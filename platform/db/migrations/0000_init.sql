CREATE SEQUENCE "public"."user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 9000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_kind_ck" CHECK ("accounts"."kind" in ('SELLER','BRAND'))
);
--> statement-breakpoint
CREATE TABLE "ad_group_products" (
	"ad_group_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	CONSTRAINT "ad_group_products_ad_group_id_product_id_pk" PRIMARY KEY("ad_group_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "ad_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"jm_adgroup_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"name" text NOT NULL,
	"processing_status" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" bigint NOT NULL,
	"doc_type" text NOT NULL,
	"file_name" text,
	"storage_path" text,
	"received" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" bigint,
	"actor_role" text,
	"actor_ip" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "billing_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" bigint,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"errors" jsonb
);
--> statement-breakpoint
CREATE TABLE "campaign_pincodes" (
	"campaign_id" bigint NOT NULL,
	"pincode" integer NOT NULL,
	CONSTRAINT "campaign_pincodes_campaign_id_pincode_pk" PRIMARY KEY("campaign_id","pincode")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"jmcampaign_id" bigint NOT NULL,
	"name" text NOT NULL,
	"seller_id" bigint NOT NULL,
	"campaign_class" text NOT NULL,
	"state" smallint,
	"status" smallint DEFAULT 1 NOT NULL,
	"submission" text DEFAULT 'DRAFT' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"expire_time" timestamp with time zone,
	"budget_total_limit" bigint,
	"budget_daily_limit" bigint DEFAULT -1 NOT NULL,
	"budget_pacing" smallint DEFAULT 1 NOT NULL,
	"ad_format_type" smallint DEFAULT 1 NOT NULL,
	"targeting_type" text DEFAULT 'Keyword' NOT NULL,
	"is_pdp" boolean DEFAULT false NOT NULL,
	"is_privileged" boolean DEFAULT false NOT NULL,
	"channel_id" integer DEFAULT 4 NOT NULL,
	"objective" integer DEFAULT 13 NOT NULL,
	"campaign_type" integer[] DEFAULT '{3}'::integer[] NOT NULL,
	"deal_type" text,
	"app_site_id" text,
	"adspots" jsonb,
	"new_revenue_type" smallint DEFAULT 2 NOT NULL,
	"cpm" bigint,
	"cpd" bigint,
	"tag" text,
	"weight" integer DEFAULT 12 NOT NULL,
	"checksum" text,
	"pincode_filter" text DEFAULT 'ALL' NOT NULL,
	"bidding_strategy" text DEFAULT 'Fixed' NOT NULL,
	"created_by_user_id" bigint,
	"campaign_created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "campaigns_state_ck" CHECK ("campaigns"."state" is null or "campaigns"."state" between 1 and 9),
	CONSTRAINT "campaigns_status_ck" CHECK ("campaigns"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "credit_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"credit_limit" bigint NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"upload_id" bigint
);
--> statement-breakpoint
CREATE TABLE "delink_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_request_id" bigint,
	"agency_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_by" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actioned_by" bigint,
	"actioned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "keyword_targets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"keyword" text NOT NULL,
	"match_type" smallint NOT NULL,
	"bid_price" bigint NOT NULL,
	CONSTRAINT "keyword_targets_match_ck" CHECK ("keyword_targets"."match_type" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "link_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agency_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_by" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actioned_by" bigint,
	"actioned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"upload_id" bigint
);
--> statement-breakpoint
CREATE TABLE "performance_daily" (
	"day" date NOT NULL,
	"campaign_id" bigint NOT NULL,
	"ad_group_id" bigint NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"product_id" bigint DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "performance_daily_campaign_id_day_ad_group_id_keyword_product_id_pk" PRIMARY KEY("campaign_id","day","ad_group_id","keyword","product_id")
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"pincode" integer PRIMARY KEY NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_keywords" (
	"product_id" bigint NOT NULL,
	"keyword" text NOT NULL,
	"bid_price_suggestion" bigint NOT NULL,
	"source" text DEFAULT 'METADATA' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_keywords_product_id_keyword_pk" PRIMARY KEY("product_id","keyword")
);
--> statement-breakpoint
CREATE TABLE "product_sellers" (
	"product_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	CONSTRAINT "product_sellers_product_id_seller_id_pk" PRIMARY KEY("product_id","seller_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_path" text,
	"image_url" text,
	"in_stock" boolean DEFAULT true NOT NULL,
	"available_at_3p_seller" boolean DEFAULT true NOT NULL,
	"brand_id" bigint,
	"brand" text,
	"category_level0" text,
	"category_level1" text,
	"category_level2" text,
	"category_level3" text,
	"category_level4" text,
	"marked_price" bigint NOT NULL,
	"effective_price" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"discount_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"buy_box" boolean DEFAULT false NOT NULL,
	"option_code" text,
	"popularity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"reason" text,
	"upload_id" bigint
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_entities" (
	"report_entity_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"owner_role" text NOT NULL,
	"seller_id" bigint,
	"report_name" text,
	"gcp_report_name_prefix" text,
	"is_saved" boolean DEFAULT false NOT NULL,
	"date_filter" jsonb NOT NULL,
	"dimension_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metric_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filters" jsonb,
	"total_num_of_rows" integer,
	"file_path" text,
	"url_expiry_ts" timestamp with time zone,
	"last_generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"report_entity_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"email_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"stage" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY DEFAULT nextval('user_id_seq') NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"account_id" bigint,
	"account_status" text DEFAULT 'PENDING' NOT NULL,
	"added_by" text,
	"profile_id" text,
	"primary_contact_number" text,
	"secondary_contact_number" text,
	"address" text,
	"pincode" integer,
	"comments" text,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"totp_secret" text,
	"two_factor_registered" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"tnc_acceptance" boolean DEFAULT false NOT NULL,
	"tnc_version" text,
	"tnc_accepted_at" timestamp with time zone,
	"tnc_ip_address" text,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('SUPERADMIN','OPS','AGENCY','BRAND','SELLER')),
	CONSTRAINT "users_status_ck" CHECK ("users"."account_status" in ('APPROVED','REJECTED','PENDING','REVOKED','REACTIVATED'))
);
--> statement-breakpoint
ALTER TABLE "ad_group_products" ADD CONSTRAINT "ad_group_products_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_group_products" ADD CONSTRAINT "ad_group_products_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_groups" ADD CONSTRAINT "ad_groups_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_documents" ADD CONSTRAINT "agency_documents_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_uploads" ADD CONSTRAINT "billing_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_pincodes" ADD CONSTRAINT "campaign_pincodes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_pincodes" ADD CONSTRAINT "campaign_pincodes_pincode_pincodes_pincode_fk" FOREIGN KEY ("pincode") REFERENCES "public"."pincodes"("pincode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_seller_id_accounts_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_limits" ADD CONSTRAINT "credit_limits_seller_id_accounts_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_limits" ADD CONSTRAINT "credit_limits_upload_id_billing_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."billing_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delink_requests" ADD CONSTRAINT "delink_requests_link_request_id_link_requests_id_fk" FOREIGN KEY ("link_request_id") REFERENCES "public"."link_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delink_requests" ADD CONSTRAINT "delink_requests_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delink_requests" ADD CONSTRAINT "delink_requests_brand_id_accounts_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delink_requests" ADD CONSTRAINT "delink_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delink_requests" ADD CONSTRAINT "delink_requests_actioned_by_users_id_fk" FOREIGN KEY ("actioned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_targets" ADD CONSTRAINT "keyword_targets_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_brand_id_accounts_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_actioned_by_users_id_fk" FOREIGN KEY ("actioned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_seller_id_accounts_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_upload_id_billing_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."billing_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_daily" ADD CONSTRAINT "performance_daily_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_daily" ADD CONSTRAINT "performance_daily_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_keywords" ADD CONSTRAINT "product_keywords_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sellers" ADD CONSTRAINT "product_sellers_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sellers" ADD CONSTRAINT "product_sellers_seller_id_accounts_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_accounts_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_credits" ADD CONSTRAINT "promo_credits_seller_id_accounts_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_credits" ADD CONSTRAINT "promo_credits_upload_id_billing_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."billing_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entities" ADD CONSTRAINT "report_entities_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_entities" ADD CONSTRAINT "report_entities_seller_id_accounts_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_report_entity_id_report_entities_report_entity_id_fk" FOREIGN KEY ("report_entity_id") REFERENCES "public"."report_entities"("report_entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_groups_campaign_idx" ON "ad_groups" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_groups_jm_uq" ON "ad_groups" USING btree ("jm_adgroup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_documents_uq" ON "agency_documents" USING btree ("agency_id","doc_type");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_jmcampaign_uq" ON "campaigns" USING btree ("jmcampaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_seller_idx" ON "campaigns" USING btree ("seller_id","start_time");--> statement-breakpoint
CREATE INDEX "campaigns_state_idx" ON "campaigns" USING btree ("state");--> statement-breakpoint
CREATE INDEX "credit_limits_seller_idx" ON "credit_limits" USING btree ("seller_id","effective_from");--> statement-breakpoint
CREATE INDEX "delink_requests_status_idx" ON "delink_requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_targets_uq" ON "keyword_targets" USING btree ("ad_group_id",lower("keyword"));--> statement-breakpoint
CREATE INDEX "link_requests_agency_idx" ON "link_requests" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "link_requests_brand_idx" ON "link_requests" USING btree ("brand_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "link_requests_live_uq" ON "link_requests" USING btree ("agency_id","brand_id") WHERE "link_requests"."status" in ('PENDING','APPROVED');--> statement-breakpoint
CREATE INDEX "one_time_codes_lookup_idx" ON "one_time_codes" USING btree ("email","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_uq" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payments_seller_idx" ON "payments" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "performance_daily_day_idx" ON "performance_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "product_sellers_seller_idx" ON "product_sellers" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "promo_credits_seller_idx" ON "promo_credits" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "report_entities_owner_idx" ON "report_entities" USING btree ("owner_user_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_status_idx" ON "users" USING btree ("role","account_status");