CREATE TABLE `push_throttle` (
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`window_started_at` text NOT NULL,
	`window_ends_at` text NOT NULL,
	`changes` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `event_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `push_throttle_event_idx` ON `push_throttle` (`event_id`);