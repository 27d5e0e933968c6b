CREATE TABLE "refund_policy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refund_policy_single_row" CHECK ("refund_policy"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "refund_tiers" (
	"hours_before" smallint PRIMARY KEY NOT NULL,
	"percent" smallint NOT NULL,
	CONSTRAINT "refund_tiers_hours_range" CHECK ("refund_tiers"."hours_before" between 0 and 2160),
	CONSTRAINT "refund_tiers_percent_range" CHECK ("refund_tiers"."percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_known";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_known" CHECK ("refunds"."reason" in ('late_payment', 'duplicate_payment', 'cancelled_by_owner', 'cancelled_by_customer'));