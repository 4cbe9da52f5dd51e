ALTER TABLE "auth_sessions" ADD COLUMN "impersonated_by" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "impersonator_session_id" text;--> statement-breakpoint
CREATE INDEX "auth_sessions_impersonation_expiry_idx" ON "auth_sessions" USING btree ("expires_at") WHERE "auth_sessions"."impersonated_by" is not null;