-- A payment refuses an operation number already registered for another account's payment (one bank transfer,
-- one account): it looks the number up here, under a transaction lock on that number, instead of reading the
-- 255,000 paid transactions. Pending ones have no number and stay out of the index.
CREATE INDEX "transactions_operation_code_idx" ON "transactions" USING btree ("operation_code","account_id") WHERE "transactions"."operation_code" is not null;