ALTER TABLE "appointments" ADD COLUMN "price_reasons" text[];--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;