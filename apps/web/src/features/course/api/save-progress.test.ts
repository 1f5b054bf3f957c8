import { describe, expect, it } from "vitest";
import { saveProblem } from "./save-progress";

const idle = { isPaused: false, isPending: false, isError: false, failureCount: 0 };

describe("the course page's note on saving progress", () => {
  it("says nothing while saves go through, and says what is happening when they do not", () => {
    expect(saveProblem(idle)).toBeUndefined();
    expect(saveProblem({ ...idle, isPending: true })).toBeUndefined();
    expect(saveProblem({ ...idle, isPending: true, isPaused: true })).toMatch(/^Not saved yet: you are offline/);
    expect(saveProblem({ ...idle, isPending: true, failureCount: 1 })).toBe("Not saved yet, retrying...");
    expect(saveProblem({ ...idle, isError: true, failureCount: 4 })).toMatch(/could not be saved on the server/);
  });
});
