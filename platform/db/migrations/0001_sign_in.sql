CREATE TABLE "external_login_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "external_login_nonces_used_idx" ON "external_login_nonces" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_id","purpose","created_at");