CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_charges_status_known" CHECK ("sandbox_charges"."status" in ('succeeded', 'requires_action', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_customers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"off_session" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_methods_off_session_known" CHECK ("sandbox_payment_methods"."off_session" in ('succeeds', 'requires_action', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_payment_customer_id_unique" ON "users" USING btree ("payment_customer_id");