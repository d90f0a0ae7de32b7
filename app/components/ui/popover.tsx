import { type CSSProperties, type ToggleEvent, useCallback, useId, useRef, useState } from "react";
import { useHydrated } from "./toaster";

/**
 * A button and the panel it opens (the bell, the rows' "⋯" menus), as the HTML popover
 * API: `popovertarget` works before JavaScript loads, the browser gives light dismiss
 * (a tap outside), Escape (focus back on the button) and the Tab order (from the button
 * into the panel), and the panel renders in the top layer, above the sticky header.
 *
 * A <details>/<summary> was announced as neither a button nor its
 * state. Chromium exposes a popovertarget button's expanded state by itself; once
 * hydrated, aria-expanded follows the panel's toggle event too, for browsers and tools
 * that read only the attribute. The panel is placed next to its button by CSS anchor
 * positioning (app.css, .popover-anchor / .popover-panel); without it, where the
 * class's fallback puts it.
 */
export function usePopover<Panel extends HTMLElement = HTMLElement>() {
  // A dashed ident for anchor-name: React's ids may hold characters an ident cannot.
  const id = `popover-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const panel = useRef<Panel>(null);
  const anchor = { "--popover-anchor": `--${id}` } as CSSProperties;
  const close = useCallback(() => {
    if (panel.current?.matches(":popover-open")) panel.current.hidePopover();
  }, []);
  return {
    close,
    /** Whether the panel is open (once hydrated). */
    open,
    buttonProps: {
      type: "button" as const,
      popoverTarget: id,
      "aria-expanded": hydrated ? open : undefined,
      style: anchor,
    },
    panelProps: {
      id,
      ref: panel,
      popover: "auto" as const,
      onToggle: (event: ToggleEvent<Panel>) => setOpen(event.newState === "open"),
      style: anchor,
    },
  };
}
