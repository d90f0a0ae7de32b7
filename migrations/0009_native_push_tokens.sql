-- Issue 18 item 2 (decision 013): the native app's APNs / FCM push tokens, one row per device,
-- tied to the session that registered it (ON DELETE CASCADE), beside push_subscriptions.
CREATE TABLE `native_push_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`session_hash` text NOT NULL,
	`platform` text NOT NULL,
	`token` text NOT NULL,
	`device_label` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_seen_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_hash`) REFERENCES `sessions`(`token_hash`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "native_push_tokens_platform" CHECK(platform IN ('ios', 'android'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `native_push_tokens_token_unique` ON `native_push_tokens` (`token`);--> statement-breakpoint
CREATE INDEX `native_push_tokens_user_idx` ON `native_push_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `native_push_tokens_session_idx` ON `native_push_tokens` (`session_hash`);