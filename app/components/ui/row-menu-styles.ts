// The row menu's classes, for the menu the server renders open (row-actions.tsx) and its
// items and popover that load later (row-menu.tsx) alike.
export const item = "flex min-h-11 w-full items-center px-4 text-left text-sm text-slate-800 hover:bg-slate-100";
export const panelClass = "popover-panel w-48 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg";
