-- The push history ('Últimos mensajes enviados') sorts by each of its columns, as every list (spec 1 §2.2):
-- title and message in Spanish order where PostgreSQL has ICU (migration 0014), 'Estado' in the order its
-- words read (Enviado, Enviando, Error), each with an index whose first rows are the page.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'campo_es') THEN
    ALTER TABLE push_messages ALTER COLUMN title TYPE text COLLATE campo_es, ALTER COLUMN body TYPE text COLLATE campo_es;
  END IF;
END $$;--> statement-breakpoint
CREATE INDEX "push_messages_title_idx" ON "push_messages" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "push_messages_body_idx" ON "push_messages" USING btree ("body","id");--> statement-breakpoint
CREATE INDEX "push_messages_total_idx" ON "push_messages" USING btree ("total_messages","id");--> statement-breakpoint
CREATE INDEX "push_messages_successful_idx" ON "push_messages" USING btree ("successful_messages","id");--> statement-breakpoint
CREATE INDEX "push_messages_removed_idx" ON "push_messages" USING btree ("removed_tokens","id");--> statement-breakpoint
CREATE INDEX "push_messages_status_idx" ON "push_messages" USING btree ((case "status" when 'SENT' then 1 when 'SENDING' then 2 else 3 end),"id");
