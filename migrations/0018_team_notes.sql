ALTER TABLE `event_people` ADD `team_notes` text;--> statement-breakpoint
ALTER TABLE `shot_list_items` ADD `team_notes` text;--> statement-breakpoint
ALTER TABLE `timeline_blocks` ADD `team_notes` text;