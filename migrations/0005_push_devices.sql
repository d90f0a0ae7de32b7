ALTER TABLE `push_subscriptions` ADD `device_label` text DEFAULT 'Unknown browser' NOT NULL;--> statement-breakpoint
-- Issue 16: the subscription rows become the truth of who gets push. A row whose user had
-- push off would start receiving pushes once the switch is gone: such rows are removed.
DELETE FROM `push_subscriptions` WHERE `user_id` NOT IN (SELECT `user_id` FROM `notification_preferences` WHERE `push_enabled` = 1);--> statement-breakpoint
ALTER TABLE `notification_preferences` DROP COLUMN `push_enabled`;
