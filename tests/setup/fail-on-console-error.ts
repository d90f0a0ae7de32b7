import { afterEach, beforeEach, vi } from "vitest";

// docs/conventions.md#10-tests-name-the-behaviour (Epic Stack): an unexpected console.error fails the test. A test
// that expects one mocks console.error itself.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => {
  spy?.mockRestore();
});
