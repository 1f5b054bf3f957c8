import { afterEach, describe, expect, it, vi } from "vitest";
import { JAVA_OFFLINE_MESSAGE, runJava } from "./run-java";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const program = 'public class Main { public static void main(String[] a) { System.out.println("hi"); } }';

describe("Java without a connection", () => {
  it("says it needs the connection instead of showing a simulated run", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    expect(await runJava(program, "java17")).toBe(JAVA_OFFLINE_MESSAGE);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("says so too when the browser thinks it is online but the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const output = await runJava(program, "java17");
    expect(output).toBe(JAVA_OFFLINE_MESSAGE);
    expect(output).not.toMatch(/Simulated/);
  });
});
