ALTER TABLE "services" ADD COLUMN "seats" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "bags" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_seats_in_range" CHECK ("services"."seats" between 1 and 60);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_bags_in_range" CHECK ("services"."bags" between 0 and 60);--> statement-breakpoint
-- The demo cars already seeded (still showing their artwork) get their real seats and bags.
UPDATE "services" SET "seats" = v.seats, "bags" = v.bags FROM (VALUES
  ('Tesla Model S', 3, 2),
  ('Chevrolet Suburban', 7, 7),
  ('Toyota Camry', 3, 2),
  ('Honda Odyssey', 7, 4),
  ('Kia Telluride', 6, 4),
  ('Tesla Model Y', 4, 3),
  ('Toyota Sienna', 8, 6),
  ('Chevrolet Tahoe', 6, 5),
  ('Honda Accord', 3, 2),
  ('Kia Carnival', 8, 5),
  ('Toyota RAV4', 5, 3),
  ('Tesla Model 3', 3, 2),
  ('Chevrolet Equinox', 5, 2),
  ('Honda CR-V', 5, 3),
  ('Toyota Prius', 3, 2),
  ('Kia K5', 3, 2),
  ('Tesla Model X', 6, 4)
) AS v(name, seats, bags) WHERE "services"."name" = v.name AND "services"."image" LIKE '/images/cars/%' AND "services"."photo" IS NULL;
