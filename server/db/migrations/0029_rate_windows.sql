-- The per-IP limit of the session routes was counted in each instance's memory: behind a balancer, N
-- instances allowed N times as many requests. Each route and address has a fixed window here, counted
-- by one upsert and pruned by time.
CREATE TABLE "rate_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_windows_started_idx" ON "rate_windows" USING btree ("started_at");