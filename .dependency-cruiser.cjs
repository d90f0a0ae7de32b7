// The layers' import rules (docs/architecture.md#layers, decision 016), checked by
// `npm run deps:check` and counted by `npm test`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle ties its files into one unit that loads, tests and changes together.",
      from: { path: "^(app|workers)/" },
      to: { circular: true },
    },
    {
      name: "app-not-to-workers",
      severity: "error",
      comment: "workers/ hosts the app, never the reverse: what both sides share lives in app/ (the room's wire contract in app/modules/live).",
      from: { path: "^app/" },
      to: { path: "^workers/" },
    },
    {
      name: "utils-not-to-modules",
      severity: "error",
      comment: "app/utils is the layer under the modules: it knows no domain.",
      from: { path: "^app/utils/" },
      to: { path: "^app/modules/" },
    },
    {
      name: "components-not-to-modules",
      severity: "error",
      comment: "app/components holds shared UI that knows no domain; a module's own components live in its components/ folder.",
      from: { path: "^app/components/" },
      to: { path: "^app/modules/" },
    },
    {
      name: "runner-knows-no-list",
      severity: "error",
      comment: "The mutation runner does what every change shares; what a list is and how it changes lives in the list's own folder, reached through the registry (docs/architecture.md#adding-a-list-or-a-change).",
      from: { path: "^app/modules/event/mutations\\.server\\.ts$" },
      to: { path: "^app/modules/(timeline|shots|people|vendors)/" },
    },
    {
      name: "nothing-to-root",
      severity: "error",
      comment: "app/root.tsx is the top of the route tree; React Router loads it, and nothing else may.",
      from: { path: "^(app|workers)/", pathNot: "^app/(routes\\.ts|entry\\.(client|server)\\.tsx)$" },
      to: { path: "^app/root\\.tsx$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // React Router's generated route types (`./+types/…`) import every route and root.tsx by
    // design; they stay out (an unresolved `+types` import is reported by no rule).
    exclude: { path: "^(node_modules|\\.react-router|build)/" },
    // Type-only imports count: a type from a higher layer ties the layers together as much as a
    // value does. `true` makes dependency-cruiser read the TypeScript source before compilation,
    // so every `import type` (verbatimModuleSyntax makes each one explicit) is an edge too.
    tsPreCompilationDeps: true,
    // The `~/` alias (tsconfig paths) resolves to app/.
    tsConfig: { fileName: "tsconfig.cloudflare.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
