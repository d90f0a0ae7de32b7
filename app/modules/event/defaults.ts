import type { BlockType, ShotCategory } from "~/db/enums";

// docs/product/limits.md#defaults-on-event-creation.
export const DEFAULT_BLOCKS: ReadonlyArray<{ title: string; blockType: BlockType; startTime: string; durationMinutes: number }> = [
  { title: "Getting Ready", blockType: "prep", startTime: "14:00", durationMinutes: 120 },
  { title: "Ceremony", blockType: "ceremony", startTime: "16:00", durationMinutes: 30 },
  { title: "Cocktail Hour", blockType: "cocktail", startTime: "16:30", durationMinutes: 60 },
  { title: "Reception", blockType: "reception", startTime: "17:30", durationMinutes: 240 },
];

export const DEFAULT_SHOTS: ReadonlyArray<{ title: string; category: ShotCategory }> = [
  { title: "Rings", category: "details" },
  { title: "Dress", category: "details" },
  { title: "Bride and Groom Portraits", category: "ceremony" },
  { title: "Family Portraits", category: "family_formals" },
  { title: "Bridal Party", category: "wedding_party" },
  { title: "First Dance", category: "reception" },
  { title: "Cake Cutting", category: "reception" },
];
