CREATE TABLE "bill_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"tip_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text,
	"card_brand" text,
	"card_last4" text,
	"decline_code" text,
	"link_session_id" text,
	"link_url" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bill_charges_status_known" CHECK ("bill_charges"."status" in ('pending', 'succeeded', 'requires_action', 'declined', 'paid_by_link')),
	CONSTRAINT "bill_charges_amount_positive" CHECK ("bill_charges"."amount_cents" > 0),
	CONSTRAINT "bill_charges_tip_within" CHECK ("bill_charges"."tip_cents" between 0 and "bill_charges"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "bill_rules" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"waiting_grace_minutes" integer NOT NULL,
	"default_tip_percent" integer NOT NULL,
	"tip_window_hours" integer NOT NULL,
	"auto_send_hours" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bill_rules_single_row" CHECK ("bill_rules"."id" = 1),
	CONSTRAINT "bill_rules_grace_range" CHECK ("bill_rules"."waiting_grace_minutes" between 0 and 120),
	CONSTRAINT "bill_rules_tip_range" CHECK ("bill_rules"."default_tip_percent" between 0 and 50),
	CONSTRAINT "bill_rules_window_range" CHECK ("bill_rules"."tip_window_hours" between 1 and 168),
	CONSTRAINT "bill_rules_auto_send_range" CHECK ("bill_rules"."auto_send_hours" between 1 and 168)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"deposit_cents" integer NOT NULL,
	"tip_cents" integer,
	"tip_choice" text,
	"version" integer DEFAULT 1 NOT NULL,
	"drafted_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"tip_due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"billing_company" text DEFAULT '' NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bills_status_known" CHECK ("bills"."status" in ('draft', 'sent', 'charging', 'paid', 'payment_due', 'settled')),
	CONSTRAINT "bills_tip_choice_known" CHECK ("bills"."tip_choice" in ('15', '20', '25', 'other', 'none', 'default')),
	CONSTRAINT "bills_total_not_negative" CHECK ("bills"."total_cents" >= 0),
	CONSTRAINT "bills_tip_not_negative" CHECK ("bills"."tip_cents" >= 0),
	CONSTRAINT "bills_sent_when_past_draft" CHECK ("bills"."status" = 'draft' or "bills"."sent_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_template_known";--> statement-breakpoint
ALTER TABLE "bill_charges" ADD CONSTRAINT "bill_charges_appointment_id_bills_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."bills"("appointment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_charges_one_per_bill" ON "bill_charges" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_charges_idempotency_key_unique" ON "bill_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_charges_link_session_unique" ON "bill_charges" USING btree ("link_session_id");--> statement-breakpoint
CREATE INDEX "bill_charges_pending_idx" ON "bill_charges" USING btree ("next_attempt_at") WHERE "bill_charges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bills_status_idx" ON "bills" USING btree ("status","drafted_at");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_template_known" CHECK ("outbox_messages"."template" in ('paid', 'reminder_24h', 'reminder_2h', 'rescheduled', 'details_changed', 'cancelled', 'completed', 'bill_sent', 'bill_payment_due', 'bill_paid', 'on_my_way', 'arrived', 'verify_email', 'mfa_failed', 'chauffeur_invite', 'chauffeur_assigned', 'message_failed', 'chauffeur_late'));