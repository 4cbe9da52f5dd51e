CREATE TABLE "stripe_connections" (
	"user_id" text PRIMARY KEY NOT NULL,
	"encrypted_key" text NOT NULL,
	"key_hint" text NOT NULL,
	"livemode" boolean NOT NULL,
	"status" text NOT NULL,
	"progress" jsonb NOT NULL,
	"preview" jsonb,
	"error" text,
	"read_started_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"synced_through_year" smallint,
	"synced_through_week" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_connections" ADD CONSTRAINT "stripe_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;