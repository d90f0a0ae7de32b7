CREATE TABLE `idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`result` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
ALTER TABLE `event_invites` ADD `token_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `event_invites_token_unique` ON `event_invites` (`token_hash`);