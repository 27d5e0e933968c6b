CREATE TABLE "travel_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"road_factor" double precision NOT NULL,
	"day_mph" double precision NOT NULL,
	"night_mph" double precision NOT NULL,
	"rush_multiplier" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "travel_settings_single_row" CHECK ("travel_settings"."id" = 1),
	CONSTRAINT "travel_settings_road_factor_range" CHECK ("travel_settings"."road_factor" between 1 and 3),
	CONSTRAINT "travel_settings_day_mph_range" CHECK ("travel_settings"."day_mph" between 5 and 90),
	CONSTRAINT "travel_settings_night_mph_range" CHECK ("travel_settings"."night_mph" between 5 and 90),
	CONSTRAINT "travel_settings_rush_multiplier_range" CHECK ("travel_settings"."rush_multiplier" between 1 and 4)
);
