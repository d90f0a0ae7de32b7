-- Issue 18 item 3 (decision 012): the App Store / Play entitlement, read from RevenueCat, in
-- columns of its own so the Stripe sync and the store sync never overwrite each other.
ALTER TABLE `profiles` ADD `store_entitlement_expires_at` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `store_product_id` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `store_platform` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `store_billing_issue` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `store_synced_at` integer;
