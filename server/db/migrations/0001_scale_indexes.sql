DROP INDEX "user_moves_project_location_idx";--> statement-breakpoint
CREATE INDEX "locations_city_idx" ON "locations" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "user_moves_project_location_id_idx" ON "user_moves" USING btree ("project_location_id","id");--> statement-breakpoint
CREATE INDEX "user_moves_status_order_idx" ON "user_moves" USING btree (array_position(array['DISPONIBLE','ASIGNADA','INICIADA','PAUSADA','CANCELADA','EN_REVISION','APROBADA','DESAPROBADA','RECHAZADA','DEVUELTA'], "status"),"id");