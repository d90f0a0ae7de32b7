DROP TABLE `block_assignments`;--> statement-breakpoint
DROP TABLE `shot_assignments`;--> statement-breakpoint
ALTER TABLE `shot_list_items` ADD `assignees` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `timeline_blocks` ADD `assignees` text DEFAULT '[]' NOT NULL;