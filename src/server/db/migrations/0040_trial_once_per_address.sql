CREATE TABLE "known_addresses" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trial_eligible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
INSERT INTO "known_addresses" ("email_hash", "first_seen_at")
SELECT encode(sha256(convert_to('rumbo-address:' || lower(btrim("email")), 'UTF8')), 'hex'), min("created_at") FROM "users" GROUP BY 1
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "users" SET "trial_eligible" = false WHERE EXISTS (
  SELECT 1 FROM "users" AS "earlier"
  WHERE lower(btrim("earlier"."email")) = lower(btrim("users"."email")) AND ("earlier"."created_at", "earlier"."id") < ("users"."created_at", "users"."id")
);
