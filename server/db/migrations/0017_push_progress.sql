-- A broadcast push goes out after the answer (POST answers 202 at once): its row tells how far it got
-- (processed_messages, failed_messages) and is touched while it goes (updated_at), so that one left
-- SENDING and untouched, cut off by a stopped server, is told as interrupted.
ALTER TABLE "push_messages" ADD COLUMN "processed_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_messages" ADD COLUMN "failed_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_messages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "push_messages_sending_idx" ON "push_messages" USING btree ("updated_at") WHERE "push_messages"."status" = 'SENDING';--> statement-breakpoint
UPDATE "push_messages" SET "processed_messages" = "total_messages" WHERE "status" = 'SENT';
