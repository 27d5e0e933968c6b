CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_date" text NOT NULL,
	"slot_time" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status_known" CHECK ("appointments"."status" in ('pending_payment', 'paid', 'expired', 'cancelled', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"service_level" text NOT NULL,
	"model" text NOT NULL,
	"image" text NOT NULL,
	"about" text NOT NULL,
	"address" text NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"fees_cents" integer NOT NULL,
	"service_types" text[] NOT NULL,
	"special_price_per_hour_cents" integer NOT NULL,
	"special_price_one_hour_fifteen_cents" integer NOT NULL,
	"special_price_extra_cents" integer NOT NULL,
	"special_price_flat_rate_cents" integer NOT NULL,
	"service_charge_per_hour_cents" integer NOT NULL,
	"rental_daily_cents" integer NOT NULL,
	"rental_weekly_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_model_known" CHECK ("services"."model" in ('Tesla', 'Honda', 'Toyota', 'Kia', 'Chevrolet')),
	CONSTRAINT "services_fees_not_negative" CHECK ("services"."fees_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_live_per_slot" ON "appointments" USING btree ("service_id","slot_start") WHERE "appointments"."status" in ('pending_payment', 'paid');--> statement-breakpoint
CREATE INDEX "appointments_slot_start_idx" ON "appointments" USING btree ("slot_start");--> statement-breakpoint
CREATE INDEX "services_position_idx" ON "services" USING btree ("position");