-- The payers find a Getter by the CUIT/CUIL's digits (GET /users?rolId=7&q=20123…), however the CUIT/CUIL
-- was written: '20-12345678-9', '20.12345678.9', '20 12345678 9'. Without an index the search stripped the
-- 50,000 profiles' CUITs on every keystroke (~40 ms with regexp_replace); this one answers in under a millisecond.
CREATE INDEX "getter_profiles_cuit_digits_trgm_idx" ON "getter_profiles" USING gin (regexp_replace("cuit_cuil", '[^0-9]', '', 'g') gin_trgm_ops);