CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_channel_known";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_audience_known";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_template_known";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_channel_known" CHECK ("outbox_messages"."channel" in ('email', 'sms', 'push'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_audience_known" CHECK ("outbox_messages"."audience" in ('customer', 'owner', 'account', 'chauffeur'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_template_known" CHECK ("outbox_messages"."template" in ('paid', 'reminder_24h', 'reminder_2h', 'rescheduled', 'details_changed', 'cancelled', 'completed', 'on_my_way', 'arrived', 'verify_email', 'mfa_failed', 'chauffeur_invite', 'chauffeur_assigned', 'message_failed'));