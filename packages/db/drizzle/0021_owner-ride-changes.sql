ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_template_known";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_template_known" CHECK ("outbox_messages"."template" in ('paid', 'reminder_24h', 'reminder_2h', 'rescheduled', 'details_changed', 'cancelled', 'completed', 'verify_email', 'mfa_failed'));--> statement-breakpoint
-- Rides marked completed or a no-show before this keep no time: too long ago to undo.
