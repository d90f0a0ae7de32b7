import type { eventPeople } from "~/db/schema";
import type { ListDescriptor } from "~/modules/lists/descriptor";

// The people of an event as a list (app/modules/lists/descriptor.ts says what each part is for).
type Person = typeof eventPeople.$inferSelect;

const fullName = (person: Pick<Person, "firstName" | "lastName">) => [person.firstName, person.lastName].filter(Boolean).join(" ");

export const peopleList = {
  kind: "person",
  name: "people",
  rights: { add: "editPeople", edit: "editPeople", delete: "editPeople" },
  clientRights: { add: "canEditPeople", edit: "canEditPeople" },
  portalFields: ["id", "eventId", "firstName", "lastName", "role", "isVip", "pronunciation", "notes", "createdAt", "updatedAt"],
  teamFields: ["teamNotes"],
  order: [{ field: "firstName", nocase: true }, { field: "lastName", nocase: true }, { field: "id" }],
  limit: { max: 500, noun: "people" },
  // docs/product/messages.md#events-and-team: people failures are titled 'Error'.
  failed: { addFailed: "Error", updateFailed: "Error", deleteFailed: "Error" },
  searchText: (person) => `${fullName(person)} ${person.notes ?? ""}`,
  subject: fullName,
  notices: { add: "person_added", edit: "person_updated", delete: "person_deleted" },
  clientChanges: {
    add: (name) => `added ${name} to the people list`,
    edit: (name) => `updated ${name} in the people list`,
  },
} as const satisfies ListDescriptor<"person", Person, Exclude<keyof Person, "teamNotes">, "teamNotes">;
