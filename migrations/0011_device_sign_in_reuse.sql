-- Issue 18 audit (decision 013): a device sign-in keeps the secret it replaced, so a lost
-- answer can be retried within a short grace window and any later use of it is caught as reuse.
ALTER TABLE `device_sign_ins` ADD `previous_secret_hash` text;--> statement-breakpoint
ALTER TABLE `device_sign_ins` ADD `rotated_at` text;--> statement-breakpoint
CREATE INDEX `device_sign_ins_previous_secret_idx` ON `device_sign_ins` (`previous_secret_hash`);