-- A points-of-sale list also sorts by its address and its executive: they read in Spanish order too
-- ('Ávila' beside 'arenales', not after 'Zapiola'), like the names of migration 0014. Without ICU the
-- block does nothing (byte order), as there. Only the collation changes: no table rewrite.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'campo_es') THEN
    RETURN;
  END IF;
  ALTER TABLE locations ALTER COLUMN street TYPE text COLLATE campo_es,
    ALTER COLUMN executive TYPE text COLLATE campo_es;
END
$$;
