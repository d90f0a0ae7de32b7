// The six features the sign-in screen advertises (docs/product/README.md#what-the-product-is, 'What You'll Get').
export const APP_FEATURES = [
  { title: "Timeline management", text: "Build the day block by block and check each one off as it happens." },
  { title: "Shot lists", text: "Every must-have shot, grouped by moment, ticked off by whoever takes it." },
  { title: "Team collaboration", text: "Second and associate shooters join free by invitation and see the same plan." },
  { title: "Client portal", text: "Couples get a private link to the plan, with the editing rights you choose." },
  { title: "Real-time sync", text: "A change on one phone shows on every phone of the team at once." },
  { title: "Secure private data", text: "Each event is visible only to its lead, its accepted team and its client link." },
] as const;
