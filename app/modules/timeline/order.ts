// The timeline's order beyond its sort (list.ts `order`): the start time places a block,
// so moving one up or down only reorders blocks that start at the same time. The server's
// move (changes.server.ts), the device's immediate apply (offline/apply.ts) and the row
// menu (timeline-tab.tsx) read the same rule. Client-safe.

/**
 * Where the block at `from` of the timeline's order goes when moved up or down: its
 * neighbour's place when both start at the same time (both without a time count as the
 * same); null when there is no such neighbour, and the move changes nothing.
 */
export function moveTarget(order: readonly { readonly startTime: string | null }[], from: number, direction: "up" | "down"): number | null {
  const to = direction === "up" ? from - 1 : from + 1;
  const block = order[from];
  const neighbour = order[to];
  return block && neighbour && block.startTime === neighbour.startTime ? to : null;
}
