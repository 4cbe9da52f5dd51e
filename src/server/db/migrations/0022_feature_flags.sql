CREATE TABLE "feature_flags" (
	"name" text PRIMARY KEY NOT NULL,
	"rollout_percent" integer DEFAULT 0 NOT NULL,
	"override_user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
