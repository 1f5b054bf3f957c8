import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepInBrowser } from "../../lib/query-persister";
import { storageKeys } from "../../lib/storage-keys";
import CodeEditorPanel from "./code-editor-panel";
import { JAVA_SAMPLES } from "./samples";

// jsdom has no layout; CodeMirror's measuring only needs these to exist.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = emptyRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The panel keeps drafts through TanStack Query and reads who is signed in. */
function renderPanel(ui: ReactElement) {
  const client = new QueryClient();
  keepInBrowser(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(ui, { wrapper });
}

const editorText = (container: HTMLElement) =>
  container.querySelector(".code-mirror-host")?.shadowRoot?.querySelector(".cm-content")?.textContent ?? "";

/** The editor appears once its language's parser has loaded (a dynamic import). */
const expectEditorText = (container: HTMLElement, text: string) =>
  waitFor(() => expect(editorText(container)).toContain(text));

describe("code editor panel", () => {
  it("shows the Java arena with the version selector, the tip and no output yet", async () => {
    const { container } = renderPanel(<CodeEditorPanel />);
    expect(screen.getByRole("heading", { name: "JAVA ARENA" })).toBeTruthy();
    expect((screen.getByLabelText("Java version") as HTMLSelectElement).value).toBe("java17");
    expect(screen.getByText(/Java, JavaScript and Python are supported\./)).toBeTruthy();
    expect(screen.queryByTestId("code-output")).toBeNull();
    await expectEditorText(container, "record Knight");
  });

  it("replaces the code with the version's sample when the Java version changes", async () => {
    const { container } = renderPanel(<CodeEditorPanel />);
    await expectEditorText(container, "record Knight");
    fireEvent.change(screen.getByLabelText("Java version"), { target: { value: "java8" } });
    await expectEditorText(container, "Java 8: lambdas");
    expect(JAVA_SAMPLES.java8).toContain("Collectors");
  });

  it("has no version selector for other languages and starts with a comment line", async () => {
    const { container } = renderPanel(<CodeEditorPanel language="python" />);
    expect(screen.getByRole("heading", { name: "PYTHON ARENA" })).toBeTruthy();
    expect(screen.queryByLabelText("Java version")).toBeNull();
    await expectEditorText(container, "# Write your Python code here");
  });

  it("answers Language not supported yet for another language", async () => {
    renderPanel(<CodeEditorPanel language={"ruby" as "java"} initialCode="puts 1" />);
    fireEvent.click(screen.getByRole("button", { name: "Execute" }));
    await waitFor(() => expect(screen.getByTestId("code-output").textContent).toBe("Language not supported yet"));
  });

  it("falls back to labelled simulated Java when the status call fails, then Clear and Reset empty the output", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "nope" }), { status: 404 })),
    );
    const { container } = renderPanel(<CodeEditorPanel initialCode={'int x = 2;\nSystem.out.println("x is " + x);'} />);
    fireEvent.click(screen.getByRole("button", { name: "Execute" }));
    expect(screen.getByTestId("code-output").textContent).toBe("Executing code...");
    expect((screen.getByRole("button", { name: "Running..." }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId("code-output").textContent).toContain("x is 2"));
    expect(screen.getByTestId("code-output").textContent).toMatch(/^\[Simulated run/);
    expect(screen.getByTestId("code-output").textContent).toContain("Program executed successfully!");

    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByTestId("code-output")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Execute" }));
    await waitFor(() => expect(screen.getByTestId("code-output").textContent).toContain("x is 2"));
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(screen.queryByTestId("code-output")).toBeNull();
    await expectEditorText(container, "record Knight");
  });

  it("keeps an edited lesson example as a draft in this browser, and opens it again from there", async () => {
    const key = "example:java-programming--operators:abc123";
    localStorage.setItem(storageKeys.draft(key), JSON.stringify({ code: "int kept = 7;", updatedAt: 5 }));
    const { container } = renderPanel(<CodeEditorPanel initialCode="int x = 1;" draftKey={key} />);
    await expectEditorText(container, "int kept = 7;");
    cleanup();
    const fresh = renderPanel(
      <CodeEditorPanel initialCode="int x = 1;" draftKey="example:java-programming--operators:other" />,
    );
    await expectEditorText(fresh.container, "int x = 1;");
  });
});
