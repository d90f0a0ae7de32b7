CREATE TABLE `deleted_events` (
	`event_id` text NOT NULL,
	`user_id` text,
	`link_token_hash` text,
	`deleted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "deleted_events_one_viewer" CHECK(("deleted_events"."user_id" IS NULL) <> ("deleted_events"."link_token_hash" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deleted_events_user_event_unique` ON `deleted_events` (`user_id`,`event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `deleted_events_link_unique` ON `deleted_events` (`link_token_hash`);--> statement-breakpoint
CREATE INDEX `deleted_events_deleted_at_idx` ON `deleted_events` (`deleted_at`);