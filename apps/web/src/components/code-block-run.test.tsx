import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CodeActions, CodeActionsContext, DEFAULT_CODE_ACTIONS, runnableLanguage } from "./code-block-run";
import { TutorialRenderer } from "./tutorial-renderer";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HELLO =
  'public class Hello {\n    public static void main(String[] args) {\n        System.out.println("Hi");\n    }\n}';
const lesson = (lang: string, code: string) => `Intro\n\n\`\`\`${lang}\n${code}\n\`\`\`\n\nAfter`;

function renderLesson(markdown: string, actions: CodeActions | null = DEFAULT_CODE_ACTIONS) {
  // An error's "Explain this error" asks through TanStack Query and links with the router.
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CodeActionsContext.Provider value={actions}>
          <TutorialRenderer markdown={markdown} />
        </CodeActionsContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const runResult = (over: Record<string, unknown>) => ({
  stdout: "",
  stderr: "",
  exitCode: 0,
  timeMs: 12,
  timedOut: false,
  truncated: false,
  ...over,
});

/** The Java runner's two calls, answered at the fetch level: status, then the run itself. */
function javaServer(result: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === "/api/run/status") {
      return Response.json({ engine: "local", versions: { java7: false, java8: true, java17: true, java21: true } });
    }
    if (url === "/api/run") return Response.json(runResult(result));
    return Response.json({ message: "Not found" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("Run on lesson examples", () => {
  it("knows which fences it can run", () => {
    expect(runnableLanguage("java")).toBe("java");
    expect(runnableLanguage("js")).toBe("javascript");
    expect(runnableLanguage("Python")).toBe("python");
    expect(runnableLanguage("text")).toBeNull();
    expect(runnableLanguage("bash")).toBeNull();
    // A fence label such as "constructor" must not find Object.prototype's members.
    for (const label of ["constructor", "__proto__", "toString"]) expect(runnableLanguage(label)).toBeNull();
    expect(runnableLanguage("jsx")).toBeNull();
  });

  it("shows Run beside Copy for Java, JavaScript and Python, never for other fences", () => {
    renderLesson(`${lesson("java", HELLO)}\n\n${lesson("python", "print(1)")}\n\n${lesson("text", "Hi")}`);
    expect(screen.getByRole("button", { name: "Run java example" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Run python example" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Run / })).toHaveLength(2);
    expect(screen.getAllByRole("button", { name: /^Copy/ })).toHaveLength(3);
    // no page editor here, so no Edit
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
  });

  it("labels a ```java fragment as java but offers no Run or Edit: it is not a whole program", () => {
    renderLesson(lesson("java fragment", "static int add(int a, int b) {\n    return a + b;\n}"), {
      ...DEFAULT_CODE_ACTIONS,
      onEdit: () => {},
    });
    expect(screen.getByRole("button", { name: /Copy java code/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Run/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
  });

  it("has no Run where the page does not offer it (quiz questions, chat answers)", () => {
    renderLesson(lesson("java", HELLO), null);
    expect(screen.queryByRole("button", { name: /^Run/ })).toBeNull();
    expect(screen.getByRole("button", { name: /Copy java code/ })).toBeTruthy();
  });

  it("runs a Java block as it stands through /api/run with the course's version and shows the output under it", async () => {
    const fetch = javaServer({ stdout: "Hi\n" });
    const { container } = renderLesson(lesson("java", HELLO), { javaVersion: "java21" });
    expect(screen.queryByTestId("example-output")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Run java example" }));
    expect(screen.getByTestId("example-output").textContent).toBe("Executing code...");
    expect((screen.getByRole("button", { name: "Running java example" }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId("example-output").textContent).toBe("Hi"));

    const call = fetch.mock.calls.find(([url]) => url === "/api/run");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ language: "java", version: "java21", code: HELLO });
    // the output sits inside the example's own figure, after the code, in a live region
    const figure = container.querySelector("figure.code-block");
    expect(figure?.querySelector("[aria-live='polite'] [data-testid='example-output']")).not.toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByTestId("example-output")).toBeNull();
  });

  it("runs a Java 21+ example (```java release=21) with java21 on a page whose default is java17", async () => {
    const fetch = javaServer({ stdout: "Hi\n" });
    renderLesson(lesson("java release=21", HELLO), { javaVersion: "java17" });
    expect(screen.getByText("java")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Run java example" }));
    await waitFor(() => expect(screen.getByTestId("example-output").textContent).toBe("Hi"));
    const call = fetch.mock.calls.find(([url]) => url === "/api/run");
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ version: "java21" });
  });

  it("shows the editor's messages for a compile error and for a time-out", async () => {
    javaServer({ compileError: "Hello.java:3: error: ';' expected\n", exitCode: null });
    renderLesson(lesson("java", HELLO));
    fireEvent.click(screen.getByRole("button", { name: "Run java example" }));
    await waitFor(() =>
      expect(screen.getByTestId("example-output").textContent).toBe("Runtime Error: Hello.java:3: error: ';' expected"),
    );
    cleanup();

    javaServer({ stdout: "tick\n", timedOut: true, exitCode: null });
    renderLesson(lesson("java", HELLO));
    fireEvent.click(screen.getByRole("button", { name: "Run java example" }));
    await waitFor(() =>
      expect(screen.getByTestId("example-output").textContent).toBe(
        "tick\nTime limit exceeded: the program was stopped (is there an infinite loop?).",
      ),
    );
  });

  it("says so when the server refuses the run", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url === "/api/run/status"
          ? Response.json({ engine: "local", versions: { java7: false, java8: true, java17: true, java21: true } })
          : Response.json({ message: "Too many runs, slow down" }, { status: 429 }),
      ),
    );
    renderLesson(lesson("java", HELLO));
    fireEvent.click(screen.getByRole("button", { name: "Run java example" }));
    await waitFor(() =>
      expect(screen.getByTestId("example-output").textContent).toBe("Error: Too many runs, slow down"),
    );
  });

  it("feeds a Java example the ```stdin block that follows it", async () => {
    const fetch = javaServer({ stdout: "Hail, Devasena\n" });
    renderLesson(
      `\`\`\`java\n${HELLO}\n\`\`\`\n\n\`\`\`stdin\nDevasena\n12\n\`\`\`\n\n\`\`\`text\nHail, Devasena\n\`\`\``,
    );
    expect(screen.getAllByRole("button", { name: /^Run / })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Run java example" }));
    await waitFor(() => expect(screen.getByTestId("example-output").textContent).toBe("Hail, Devasena"));
    const call = fetch.mock.calls.find(([url]) => url === "/api/run");
    expect(JSON.parse(String(call?.[1]?.body)).stdin).toBe("Devasena\n12\n");
  });

  it("Edit hands the block's language and code to the page's editor", () => {
    const onEdit = vi.fn();
    renderLesson(lesson("python", "for i in range(3):\n    print(i)"), { ...DEFAULT_CODE_ACTIONS, onEdit });
    fireEvent.click(screen.getByRole("button", { name: "Edit python example in the code editor" }));
    expect(onEdit).toHaveBeenCalledWith("python", "for i in range(3):\n    print(i)");
  });
});
