-- A rejection, disapproval or return given with a motive of the bank keeps which one, in the status log
-- entry the action opens (services/moves/act.ts); the reason itself stays where it was (user_moves).
-- Motives are never deleted (DELETE deactivates), so the reference holds.
ALTER TABLE "move_status_logs" ADD COLUMN "motive_id" integer;--> statement-breakpoint
ALTER TABLE "move_status_logs" ADD CONSTRAINT "move_status_logs_motive_id_motives_id_fk" FOREIGN KEY ("motive_id") REFERENCES "public"."motives"("id") ON DELETE no action ON UPDATE no action;
