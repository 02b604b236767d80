-- Keys past their day are swept by their date, a few at each keyed write (services/requestKeys.ts).
CREATE INDEX "request_keys_created_idx" ON "request_keys" USING btree ("created_at");