CREATE TABLE "daily_metric_snapshots" (
	"user_id" text PRIMARY KEY NOT NULL,
	"mrr" double precision,
	"cac" double precision,
	"ndr" double precision,
	"churn_rate" double precision,
	"ltv" double precision,
	"arpc" double precision,
	"ltv_to_cac" double precision,
	"payback_weeks" double precision,
	"runway_weeks" double precision,
	"weekly_burn_rate" double precision,
	"active_users" double precision,
	"revenue_growth" double precision,
	"user_growth" double precision,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_metric_snapshots" ADD CONSTRAINT "daily_metric_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;