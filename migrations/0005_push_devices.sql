-- Issue 16: the subscription rows become the truth of who gets push. A row whose user had
-- push off would start receiving pushes once the switch is gone: such rows are removed.
-- push_enabled itself stays (unused) until a later release: the Worker still running while
-- `npm run deploy` applies this migration reads it (audit of issue 16, finding 4).
DELETE FROM `push_subscriptions` WHERE `user_id` NOT IN (SELECT `user_id` FROM `notification_preferences` WHERE `push_enabled` = 1);--> statement-breakpoint
-- Each row belongs to the session that subscribed it and goes when that session ends
-- (audit finding 1). SQLite cannot add a NOT NULL foreign key column, so the table is
-- rebuilt. A row from before this release has no session to tie it to (nothing could
-- subscribe yet: issue 16): it is not carried over, and that browser shows push Off.
CREATE TABLE `__new_push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`session_hash` text NOT NULL,
	`subscription_data` text NOT NULL,
	`device_label` text DEFAULT 'Unknown browser' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_hash`) REFERENCES `sessions`(`token_hash`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP TABLE `push_subscriptions`;--> statement-breakpoint
ALTER TABLE `__new_push_subscriptions` RENAME TO `push_subscriptions`;--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_session_idx` ON `push_subscriptions` (`session_hash`);
