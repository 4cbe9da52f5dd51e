CREATE TABLE "community_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"visibility" text DEFAULT 'anonymous' NOT NULL,
	"pseudonym" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_members_pseudonym_idx" ON "community_members" USING btree ("pseudonym");