import { Badge } from "~/components/ui/badge";
import type { EventStatus } from "~/db/enums";

// An event's status as a badge: the events home's cards and calendar, the dashboard's header.

export const STATUS_LABEL: Record<EventStatus, string> = { upcoming: "Upcoming", active: "Active", completed: "Completed" };
const STATUS_TONE = { upcoming: "brand", active: "success", completed: "neutral" } as const;

export function StatusBadge({ status, className }: { status: EventStatus; className?: string }) {
  return (
    <Badge tone={STATUS_TONE[status]} className={className}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}
