CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"product_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "user_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "service_type" text NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "phone" text NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pickup_address" text NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "dropoff_address" text NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pickup_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "needs_return_ride" boolean;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "return_pickup_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "return_dropoff_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "return_pickup_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "amount_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "hold_expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_checkout_session_unique" ON "appointments" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "appointments_pending_hold_idx" ON "appointments" USING btree ("hold_expires_at") WHERE "appointments"."status" = 'pending_payment';--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_amount_positive" CHECK ("appointments"."amount_cents" > 0);