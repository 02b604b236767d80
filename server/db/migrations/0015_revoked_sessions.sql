-- "Desconectar" ends the access token too: the token names its refresh family (`sid`) and the guard
-- refuses one whose family was revoked within an access token's life (server/guard.ts), read by user.
CREATE INDEX "refresh_tokens_revoked_idx" ON "refresh_tokens" USING btree ("user_id","revoked_at") WHERE "refresh_tokens"."revoked_at" IS NOT NULL;