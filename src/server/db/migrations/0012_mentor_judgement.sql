ALTER TABLE "mentor_messages" ADD COLUMN "number_checks" jsonb;--> statement-breakpoint
ALTER TABLE "mentor_messages" ADD COLUMN "tool_calls" jsonb;