ALTER TABLE `profiles` ADD `stripe_subscription_id` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `subscription_cancel_at_period_end` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `stripe_synced_at` integer;