ALTER TABLE `event_invites` ADD `invitee_name` text;--> statement-breakpoint
CREATE UNIQUE INDEX `event_invites_event_email_unique` ON `event_invites` (`event_id`,`email`);