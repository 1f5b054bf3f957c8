import { afterEach, beforeEach, expect, vi } from "vitest";

// A test fails if something logs console.error that the test did not expect (Epic Stack's rule).
// A test that expects an error log spies on console.error itself and restores it.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  expect(calls, "unexpected console.error").toEqual([]);
});
