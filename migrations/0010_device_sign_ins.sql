-- Issue 18 item 2 (decision 013): the native app's device sign-ins. drizzle-kit wrote the
-- ALTER without its ON DELETE clause; SET NULL added by hand, as app/db/schema.ts says.
CREATE TABLE `device_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`secret_hash` text NOT NULL,
	`name` text NOT NULL,
	`platform` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_used_at` text,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "device_sign_ins_platform" CHECK(platform IN ('ios', 'android')),
	CONSTRAINT "device_sign_ins_name_len" CHECK(length("device_sign_ins"."name") <= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `device_sign_ins_secret_unique` ON `device_sign_ins` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `device_sign_ins_user_idx` ON `device_sign_ins` (`user_id`);--> statement-breakpoint
CREATE INDEX `device_sign_ins_expires_idx` ON `device_sign_ins` (`expires_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `device_sign_in_id` text REFERENCES device_sign_ins(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `sessions_device_sign_in_idx` ON `sessions` (`device_sign_in_id`);