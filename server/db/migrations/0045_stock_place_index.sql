-- A client's or a project's assignable stock reached its moves through user_moves_project_location_id_idx and read
-- every move of each place to keep those of the stock (Asignada, Disponible) that can still be assigned. This index
-- holds only those, with the date until which each can be assigned: the count reads only the index.
CREATE INDEX "user_moves_stock_place_idx" ON "user_moves" USING btree ("project_location_id","assignable_until") WHERE "user_moves"."status" in ('ASIGNADA', 'DISPONIBLE');