-- The per-e-mail limits of the session routes (10 failed logins in 15 minutes, 5 restore mails an hour) were
-- counted in each instance's memory: behind a balancer, N instances allowed N times as many. Their events
-- are rows here, counted by (kind, e-mail, time) and pruned by time.
CREATE TABLE "auth_attempts" (
	"kind" text NOT NULL,
	"email_key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_attempts_key_idx" ON "auth_attempts" USING btree ("kind","email_key","at");--> statement-breakpoint
CREATE INDEX "auth_attempts_at_idx" ON "auth_attempts" USING btree ("at");