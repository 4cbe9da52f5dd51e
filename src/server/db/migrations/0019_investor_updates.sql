CREATE TABLE "investor_update_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"update_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_update_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"update_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"from_week" text NOT NULL,
	"to_week" text NOT NULL,
	"language" text NOT NULL,
	"kpis" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investor_update_shares" ADD CONSTRAINT "investor_update_shares_update_id_investor_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."investor_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_update_versions" ADD CONSTRAINT "investor_update_versions_update_id_investor_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."investor_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_updates" ADD CONSTRAINT "investor_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investor_update_shares_token_idx" ON "investor_update_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "investor_update_shares_update_idx" ON "investor_update_shares" USING btree ("update_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investor_update_versions_update_version_idx" ON "investor_update_versions" USING btree ("update_id","version");--> statement-breakpoint
CREATE INDEX "investor_updates_user_idx" ON "investor_updates" USING btree ("user_id","created_at" DESC NULLS LAST);