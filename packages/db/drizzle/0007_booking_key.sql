ALTER TABLE "appointments" ADD COLUMN "booking_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_booking_key_unique" ON "appointments" USING btree ("user_id","booking_key");