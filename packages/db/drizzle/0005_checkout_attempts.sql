ALTER TABLE "appointments" ADD COLUMN "checkout_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
-- Checkouts opened before attempts were recorded: their attempt ends with their checkout (the
-- hold outlived it by 2 minutes), so a retry finds them open instead of opening a second one.
UPDATE "appointments" SET "checkout_expires_at" = "hold_expires_at" - interval '2 minutes'
WHERE "checkout_session_id" IS NOT NULL AND "status" = 'pending_payment';
