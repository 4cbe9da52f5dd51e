CREATE TABLE "metric_snapshots" (
	"user_id" text PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"week" smallint NOT NULL,
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
	"revision" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_weeks" (
	"user_id" text NOT NULL,
	"year" smallint NOT NULL,
	"week" smallint NOT NULL,
	"new_customers" integer NOT NULL,
	"marketing_costs" numeric(16, 2) NOT NULL,
	"starting_customers" integer NOT NULL,
	"lost_customers" integer NOT NULL,
	"starting_revenue" numeric(16, 2) NOT NULL,
	"churned_revenue" numeric(16, 2) NOT NULL,
	"expansions" numeric(16, 2) NOT NULL,
	"downgrades" numeric(16, 2) NOT NULL,
	"weekly_costs" numeric(16, 2) NOT NULL,
	"weekly_revenue" numeric(16, 2) NOT NULL,
	"cash_balance" numeric(16, 2) NOT NULL,
	"daily_active_users" integer,
	"weekly_active_users" integer NOT NULL,
	"monthly_active_users" integer,
	"gross_margin_pct" numeric(5, 2),
	"arpu" numeric(16, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metric_weeks_user_id_year_week_pk" PRIMARY KEY("user_id","year","week")
);
--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD CONSTRAINT "metric_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_weeks" ADD CONSTRAINT "metric_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;