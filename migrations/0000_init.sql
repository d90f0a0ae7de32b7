CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "auth_tokens_purpose" CHECK(purpose IN ('password_reset', 'email_confirmation'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `auth_tokens_expires_idx` ON `auth_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`kind` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`delivered_via` text,
	`provider_message_id` text,
	`last_error` text,
	`locked_until` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	CONSTRAINT "email_outbox_status" CHECK(status IN ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`);--> statement-breakpoint
CREATE TABLE `event_client_access` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`client_email` text NOT NULL,
	`access_token_hash` text NOT NULL,
	`can_edit_people` integer DEFAULT true NOT NULL,
	`can_edit_timeline` integer DEFAULT true NOT NULL,
	`can_edit_shots` integer DEFAULT true NOT NULL,
	`can_edit_vendors` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_client_access_token_unique` ON `event_client_access` (`access_token_hash`);--> statement-breakpoint
CREATE INDEX `event_client_access_event_created_idx` ON `event_client_access` (`event_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `event_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`email` text NOT NULL,
	`invite_type` text NOT NULL,
	`invited_by` text,
	`coverage_hours` real,
	`start_time` text,
	`end_time` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`accepted_at` text,
	`responded_at` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "event_invites_type" CHECK(invite_type IN ('second_shooter', 'associate_shooter', 'client')),
	CONSTRAINT "event_invites_status" CHECK(status IN ('pending', 'accepted', 'declined')),
	CONSTRAINT "event_invites_coverage" CHECK("event_invites"."coverage_hours" IS NULL OR ("event_invites"."coverage_hours" >= 0 AND "event_invites"."coverage_hours" <= 24))
);
--> statement-breakpoint
CREATE INDEX `event_invites_event_created_idx` ON `event_invites` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `event_invites_email_idx` ON `event_invites` (`email`);--> statement-breakpoint
CREATE TABLE `event_people` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text,
	`role` text DEFAULT 'guest' NOT NULL,
	`is_vip` integer DEFAULT false NOT NULL,
	`pronunciation` text,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_people_role" CHECK(role IN ('bride', 'groom', 'parent', 'grandparent', 'sibling', 'wedding_party', 'guest', 'vendor', 'other'))
);
--> statement-breakpoint
CREATE INDEX `event_people_event_name_idx` ON `event_people` (`event_id`,`first_name`);--> statement-breakpoint
CREATE TABLE `event_second_shooters` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`user_id` text NOT NULL,
	`shooter_type` text,
	`status` text NOT NULL,
	`coverage_hours` real,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_second_shooters_status" CHECK(status IN ('accepted', 'declined', 'active')),
	CONSTRAINT "event_second_shooters_type" CHECK(shooter_type IS NULL OR shooter_type IN ('second_shooter', 'associate_shooter')),
	CONSTRAINT "event_second_shooters_coverage" CHECK("event_second_shooters"."coverage_hours" IS NULL OR "event_second_shooters"."coverage_hours" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_second_shooters_event_user_unique` ON `event_second_shooters` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_second_shooters_user_status_idx` ON `event_second_shooters` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `event_vendors` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`vendor_name` text NOT NULL,
	`company_name` text,
	`vendor_type` text NOT NULL,
	`email` text,
	`phone_number` text,
	`website` text,
	`instagram_handle` text,
	`facebook_handle` text,
	`twitter_handle` text,
	`tiktok_handle` text,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_vendors_type" CHECK(vendor_type IN ('venue', 'caterer', 'florist', 'dj', 'band', 'videographer', 'hair_makeup', 'planner', 'decorator', 'baker', 'transportation', 'officiant', 'other'))
);
--> statement-breakpoint
CREATE INDEX `event_vendors_event_type_idx` ON `event_vendors` (`event_id`,`vendor_type`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`couple_names` text,
	`date` text NOT NULL,
	`venue` text,
	`status_override` text,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`organization_id` text NOT NULL,
	`lead_photographer_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_photographer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "events_status_override" CHECK(status_override IS NULL OR status_override IN ('upcoming', 'active', 'completed')),
	CONSTRAINT "events_date_format" CHECK("events"."date" GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')
);
--> statement-breakpoint
CREATE INDEX `events_lead_date_idx` ON `events` (`lead_photographer_id`,`date`);--> statement-breakpoint
CREATE INDEX `events_organization_idx` ON `events` (`organization_id`);--> statement-breakpoint
CREATE INDEX `events_date_idx` ON `events` (`date`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`upcoming_events` integer DEFAULT true NOT NULL,
	`event_reminder_days` integer DEFAULT 1 NOT NULL,
	`push_enabled` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_reminder_days" CHECK("notification_preferences"."event_reminder_days" BETWEEN 1 AND 30)
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`data` text,
	`event_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_event_idx` ON `notifications` (`event_id`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_owner_unique` ON `organizations` (`owner_id`);--> statement-breakpoint
CREATE TABLE `processed_jobs` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`processed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `processed_jobs_processed_idx` ON `processed_jobs` (`processed_at`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`first_name` text,
	`last_name` text,
	`business_name` text,
	`email` text NOT NULL,
	`subscription_status` text DEFAULT 'inactive' NOT NULL,
	`subscription_type` text,
	`billing_interval` text,
	`subscription_expires_at` text,
	`app_store_receipt` text,
	`stripe_customer_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_subscription_status" CHECK(subscription_status IN ('active', 'trialing', 'past_due', 'canceled', 'inactive')),
	CONSTRAINT "profiles_subscription_type" CHECK(subscription_type IS NULL OR subscription_type IN ('business')),
	CONSTRAINT "profiles_billing_interval" CHECK(billing_interval IS NULL OR billing_interval IN ('monthly', 'yearly')),
	CONSTRAINT "profiles_first_name_len" CHECK(length("profiles"."first_name") <= 100),
	CONSTRAINT "profiles_last_name_len" CHECK(length("profiles"."last_name") <= 100),
	CONSTRAINT "profiles_business_name_len" CHECK(length("profiles"."business_name") <= 200)
);
--> statement-breakpoint
CREATE INDEX `profiles_email_idx` ON `profiles` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_stripe_customer_unique` ON `profiles` (`stripe_customer_id`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`subscription_data` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_expires_idx` ON `rate_limits` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`persistent` integer DEFAULT false NOT NULL,
	`expires_at` text NOT NULL,
	`last_used_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `shooter_contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`shooter_type` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text,
	`email` text NOT NULL,
	`phone_number` text,
	`instagram_handle` text,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "shooter_contacts_type" CHECK(shooter_type IN ('second_shooter', 'associate_shooter'))
);
--> statement-breakpoint
CREATE INDEX `shooter_contacts_user_idx` ON `shooter_contacts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `shot_list_items` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`title` text NOT NULL,
	`category` text DEFAULT 'other' NOT NULL,
	`description` text,
	`order_index` integer NOT NULL,
	`is_done` integer DEFAULT false NOT NULL,
	`done_by` text,
	`done_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`done_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "shot_list_items_category" CHECK(category IN ('getting_ready', 'details', 'first_look', 'ceremony', 'family_formals', 'wedding_party', 'portraits', 'reception', 'exit', 'other'))
);
--> statement-breakpoint
CREATE INDEX `shot_list_items_event_order_idx` ON `shot_list_items` (`event_id`,`order_index`);--> statement-breakpoint
CREATE TABLE `timeline_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`title` text NOT NULL,
	`block_type` text DEFAULT 'ceremony' NOT NULL,
	`start_time` text,
	`duration_minutes` integer DEFAULT 60 NOT NULL,
	`location` text,
	`notes` text,
	`order_index` integer NOT NULL,
	`is_done` integer DEFAULT false NOT NULL,
	`done_by` text,
	`done_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`done_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "timeline_blocks_type" CHECK(block_type IN ('prep', 'first_look', 'ceremony', 'cocktail', 'portrait', 'reception', 'exit', 'other')),
	CONSTRAINT "timeline_blocks_duration" CHECK("timeline_blocks"."duration_minutes" >= 1),
	CONSTRAINT "timeline_blocks_start_time" CHECK("timeline_blocks"."start_time" IS NULL OR "timeline_blocks"."start_time" GLOB '[0-2][0-9]:[0-5][0-9]')
);
--> statement-breakpoint
CREATE INDEX `timeline_blocks_event_order_idx` ON `timeline_blocks` (`event_id`,`order_index`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_confirmed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "users_email_lower" CHECK("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);