ALTER TABLE `profiles` ADD `time_format` text DEFAULT 'auto' NOT NULL CONSTRAINT "profiles_time_format" CHECK(time_format IN ('auto', '12h', '24h'));--> statement-breakpoint
ALTER TABLE `profiles` ADD `auto_hour_cycle` text DEFAULT '12h' NOT NULL CONSTRAINT "profiles_auto_hour_cycle" CHECK(auto_hour_cycle IN ('12h', '24h'));
