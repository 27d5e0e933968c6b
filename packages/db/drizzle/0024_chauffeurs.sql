CREATE TABLE "trip_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"chauffeur_id" uuid NOT NULL,
	"status" text NOT NULL,
	"tap_key" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"undone_at" timestamp with time zone,
	CONSTRAINT "trip_events_status_known" CHECK ("trip_events"."status" in ('on_my_way', 'arrived', 'on_board', 'dropped_off')),
	CONSTRAINT "trip_events_position_whole" CHECK (("trip_events"."latitude" is null) = ("trip_events"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "trip_positions" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_template_known";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_known";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "chauffeur_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "trip_status" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "plate" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "default_chauffeur_id" uuid;--> statement-breakpoint
ALTER TABLE "trip_events" ADD CONSTRAINT "trip_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_events" ADD CONSTRAINT "trip_events_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_positions" ADD CONSTRAINT "trip_positions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trip_events_tap_unique" ON "trip_events" USING btree ("appointment_id","tap_key");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_events_status_once" ON "trip_events" USING btree ("appointment_id","status") WHERE "trip_events"."undone_at" is null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_chauffeur_id_users_id_fk" FOREIGN KEY ("chauffeur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_default_chauffeur_id_users_id_fk" FOREIGN KEY ("default_chauffeur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_chauffeur_slot_idx" ON "appointments" USING btree ("chauffeur_id","slot_start") WHERE "appointments"."chauffeur_id" is not null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_trip_status_known" CHECK ("appointments"."trip_status" in ('on_my_way', 'arrived', 'on_board', 'dropped_off'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_template_known" CHECK ("outbox_messages"."template" in ('paid', 'reminder_24h', 'reminder_2h', 'rescheduled', 'details_changed', 'cancelled', 'completed', 'on_my_way', 'arrived', 'verify_email', 'mfa_failed', 'chauffeur_invite'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('customer', 'owner', 'chauffeur'));--> statement-breakpoint
-- Written by hand: one chauffeur is never on two live rides whose car times overlap, the same
-- guarantee as the car's (appointments_no_overlap, 0020); a ride with nobody assigned is free.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_chauffeur_no_overlap" EXCLUDE USING gist (
  "chauffeur_id" WITH =,
  tstzrange("slot_start", "occupied_until") WITH &&
) WHERE ("chauffeur_id" IS NOT NULL AND "status" IN ('pending_payment', 'paid'));
