CREATE TABLE "transaction_day_totals" (
	"status" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "transaction_day_totals_status_day_pk" PRIMARY KEY("status","day")
);
--> statement-breakpoint
-- The day a transaction counts on: PAID on its payment date, otherwise on the day it became owed.
CREATE FUNCTION campo_transaction_day(status text, created_at timestamptz, transaction_date timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT coalesce((CASE WHEN status = 'PAID' THEN transaction_date ELSE created_at END AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, '-infinity'::date)
$$;
--> statement-breakpoint
-- One upsert per statement, of each (status, day) the statement changed, in key order (two mass payments
-- lock their days in the same order). Unchanged days (an update of other columns) are left alone.
CREATE FUNCTION campo_transaction_day_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_day_totals AS t (status, day, count, amount)
      SELECT status, campo_transaction_day(status, created_at, transaction_date) AS day, count(*)::int, sum(amount)
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, day) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_day_totals AS t (status, day, count, amount)
      SELECT status, campo_transaction_day(status, created_at, transaction_date) AS day, -count(*)::int, -sum(amount)
      FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, day) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  ELSE
    INSERT INTO transaction_day_totals AS t (status, day, count, amount)
      SELECT status, day, sum(n)::int, sum(a) FROM (
        SELECT status, campo_transaction_day(status, created_at, transaction_date) AS day, 1 AS n, amount AS a FROM new_rows
        UNION ALL
        SELECT status, campo_transaction_day(status, created_at, transaction_date), -1, -amount FROM old_rows
      ) x GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(a) <> 0 ORDER BY 1, 2
      ON CONFLICT (status, day) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_day_totals_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION campo_transaction_day_totals();
--> statement-breakpoint
CREATE TRIGGER transactions_day_totals_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION campo_transaction_day_totals();
--> statement-breakpoint
CREATE TRIGGER transactions_day_totals_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION campo_transaction_day_totals();
--> statement-breakpoint
CREATE FUNCTION campo_transaction_day_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transaction_day_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_day_totals_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION campo_transaction_day_totals_truncate();
--> statement-breakpoint
INSERT INTO transaction_day_totals (status, day, count, amount)
  SELECT status, campo_transaction_day(status, created_at, transaction_date), count(*)::int, sum(amount) FROM transactions GROUP BY 1, 2;
