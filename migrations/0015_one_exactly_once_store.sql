PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_applied_mutations` (
	`key` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`name` text NOT NULL,
	`result` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_applied_mutations`("key", "event_id", "name", "result", "created_at") SELECT "key", "event_id", "name", "result", "created_at" FROM `applied_mutations`;--> statement-breakpoint
INSERT INTO `__new_applied_mutations`("key", "event_id", "name", "result", "created_at") SELECT "key", NULL, 'form', "result", "created_at" FROM `idempotency_keys`;--> statement-breakpoint
DROP TABLE `idempotency_keys`;--> statement-breakpoint
DROP TABLE `applied_mutations`;--> statement-breakpoint
ALTER TABLE `__new_applied_mutations` RENAME TO `applied_mutations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `applied_mutations_created_idx` ON `applied_mutations` (`created_at`);
