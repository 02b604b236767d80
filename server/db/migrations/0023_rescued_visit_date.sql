-- A rescued move was approved without the Getter's 'completed' date, which dates a visit in the client's
-- report and dashboard: it was counted among the approved visits and shown nowhere. Approval now gives it
-- the day the Getter started it, else its own (routes/movesReview.ts); the ones approved before get the same.
UPDATE "user_moves" SET "completed_audit_date" = coalesce("start_audit_date", "finish_analysis_date", "updated_at")
WHERE "status" IN ('APROBADA', 'DESAPROBADA') AND "completed_audit_date" IS NULL;
