-- The moves list's 'Sin agente' (`withoutAgent=true`, services/moves/queries.ts moveFilters). Alone it walks the
-- list's own index and keeps the moves without an agent (a fifth of the scale data). With a status it did not:
-- the planner took the two conditions as independent, expected ~60,000 approved moves without an agent where
-- there are none (approving needs an agent, and an approved move's agent is locked), and walked the million
-- moves looking for them (0.4-0.8 s a page on the scale data). The moves without an agent by status and id are
-- this partial index; the statistics of the pairs (status, agent) tell the planner which pairs are empty or
-- rare (a few hundred pairs: agents × statuses, within the list of 1,000 most common values kept).
CREATE INDEX "user_moves_no_agent_status_idx" ON "user_moves" USING btree ("status","id") WHERE "user_moves"."assigned_agent_id" is null;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "user_moves_status_agent_stats" (mcv) ON "status", "assigned_agent_id" FROM "user_moves";--> statement-breakpoint
ALTER STATISTICS "user_moves_status_agent_stats" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "user_moves";
