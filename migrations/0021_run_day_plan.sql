CREATE TABLE `block_assignments` (
	`event_id` text NOT NULL,
	`block_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`block_id`) REFERENCES `timeline_blocks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `block_assignments_block_user_unique` ON `block_assignments` (`block_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `block_assignments_event_user_idx` ON `block_assignments` (`event_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `shot_assignments` (
	`event_id` text NOT NULL,
	`shot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shot_id`) REFERENCES `shot_list_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shot_assignments_shot_user_unique` ON `shot_assignments` (`shot_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `shot_assignments_event_user_idx` ON `shot_assignments` (`event_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `events` ADD `venue_latitude` real;--> statement-breakpoint
ALTER TABLE `events` ADD `venue_longitude` real CONSTRAINT "events_venue_location" CHECK((venue_latitude IS NULL AND venue_longitude IS NULL) OR (venue_latitude BETWEEN -90 AND 90 AND venue_longitude BETWEEN -180 AND 180));--> statement-breakpoint
ALTER TABLE `events` ADD `client_edits_lock_on` text CONSTRAINT "events_client_edits_lock_on" CHECK(client_edits_lock_on IS NULL OR client_edits_lock_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');--> statement-breakpoint
ALTER TABLE `events` ADD `last_shift` text;--> statement-breakpoint
ALTER TABLE `timeline_blocks` ADD `fixed_time` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `timeline_blocks` ADD `travel_minutes` integer CONSTRAINT "timeline_blocks_travel" CHECK(travel_minutes IS NULL OR travel_minutes BETWEEN 1 AND 720);--> statement-breakpoint
ALTER TABLE `timeline_blocks` ADD `anchor` text CONSTRAINT "timeline_blocks_anchor" CHECK(anchor IS NULL OR anchor IN ('sunset', 'golden_hour_start', 'golden_hour_end'));--> statement-breakpoint
ALTER TABLE `timeline_blocks` ADD `anchor_offset_minutes` integer DEFAULT 0 NOT NULL CONSTRAINT "timeline_blocks_anchor_offset" CHECK(anchor_offset_minutes BETWEEN -240 AND 240);