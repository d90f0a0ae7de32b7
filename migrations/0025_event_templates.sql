CREATE TABLE `event_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`block_count` integer NOT NULL,
	`shot_count` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_templates_name" CHECK(length("event_templates"."name") BETWEEN 1 AND 80),
	CONSTRAINT "event_templates_body" CHECK(length("event_templates"."body") <= 262144)
);
--> statement-breakpoint
CREATE INDEX `event_templates_user_idx` ON `event_templates` (`user_id`,`created_at`);
