-- A car's blocks (maintenance, the owner's own use) and its bookings share one rule: no two of
-- a car's stretches of time overlap (ADR 018). Two bookings are kept apart by the exclusion
-- constraint appointments_no_overlap; a block and a booking, in two tables, by these triggers.
-- Each locks the car's row first: a booking FOR KEY SHARE (as its foreign key does), a block
-- FOR UPDATE, which waits for bookings being made on the car and holds new ones off, so that
-- whichever commits second sees the first. Both raise exclusion_violation (23P01), as the
-- constraint does, naming their rule.
--
-- The one home of their text. To change one: change it here, then copy its statement (CREATE to
-- the closing $$;) into a new hand-written migration (`npm run db:generate -- --custom --name
-- <change>`). sql-functions.test.ts fails until the newest migration defining each holds its
-- statement to the letter (or with CREATE FUNCTION, as the migration that made them says).
CREATE OR REPLACE FUNCTION "stretch_is_blocked"(
  "service_id" uuid,
  "from" timestamp with time zone,
  "until" timestamp with time zone
) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT EXISTS (
    SELECT 1 FROM "blocks" "b"
    WHERE "b"."service_id" = $1 AND "b"."starts_at" < $3 AND $2 < "b"."ends_at"
  )
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointment_clear_of_blocks"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW."status" IN ('pending_payment', 'paid') THEN
    PERFORM 1 FROM "services" WHERE "id" = NEW."service_id" FOR KEY SHARE;
    IF stretch_is_blocked(NEW."service_id", NEW."slot_start", NEW."occupied_until") THEN
      RAISE EXCEPTION 'a booking of a car may not overlap its blocks'
        USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'appointments_clear_of_blocks';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "block_clear_of_bookings"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM "services" WHERE "id" = NEW."service_id" FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM "appointments" "a"
    WHERE "a"."service_id" = NEW."service_id"
      AND "a"."status" IN ('pending_payment', 'paid')
      AND tstzrange("a"."slot_start", "a"."occupied_until") && tstzrange(NEW."starts_at", NEW."ends_at")
  ) THEN
    RAISE EXCEPTION 'a block of a car may not overlap its bookings'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'blocks_clear_of_bookings';
  END IF;
  RETURN NEW;
END
$$;
