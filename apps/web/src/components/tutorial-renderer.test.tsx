import { sectionId } from "@koc/shared";
import { DRAWN_NODES, parseMarkdown, walk } from "@koc/shared/markdown";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TutorialRenderer } from "./tutorial-renderer";

afterEach(cleanup);

describe("tutorial renderer", () => {
  it("draws headings # to ####, paragraphs, lists and code blocks as their elements", () => {
    const { container } = render(
      <TutorialRenderer
        markdown={"# One\n## Two\n### Three\n#### Four\n\ntext\nmore\n\n- a\n- b\n\n```java\nclass A {}\n```"}
      />,
    );
    const drawn = Array.from(container.querySelector(".tutorial")?.children ?? [], (e) => e.tagName.toLowerCase());
    expect(drawn).toEqual(["h3", "h4", "h5", "h6", "p", "ul", "figure"]);
    expect(container.querySelector("p")?.textContent).toBe("text more");
    expect(container.querySelector("pre")?.textContent).toBe("class A {}");
    expect(container.querySelector(".code-lang")?.textContent).toBe("java");
  });

  it("draws every node kind the grammar lets a lesson hold, and nothing the sample lacks", () => {
    const sample = [
      "# Title",
      "Some *emphasis*, **strong**, `code` and List<Integer>,  ",
      "then a hard break.",
      "",
      "1. one",
      "   - nested",
      "",
      "| Name | Power |",
      "| :--- | ----: |",
      "| Kattappa | `9000` |",
      "",
      "~~~python",
      "print(1)",
      "~~~",
      "",
      "![A map of the kingdom](/assets/content/java-programming/map.0123456789.svg)",
    ].join("\n");
    const kinds = new Set<string>();
    for (const [node] of walk(parseMarkdown(sample))) kinds.add(node.type);
    // A kind added to DRAWN_NODES without being drawn here would fail this test.
    expect([...kinds].sort()).toEqual([...DRAWN_NODES].sort());
    const { container } = render(<TutorialRenderer markdown={sample} />);
    for (const selector of [
      "h3",
      "em",
      "strong",
      "p > code",
      "br",
      "ol > li > ul > li",
      "table",
      "th",
      "td code",
      "pre",
      "img",
    ]) {
      expect(container.querySelector(selector), selector).not.toBeNull();
    }
    expect(container.querySelector("th:last-child")?.getAttribute("style")).toContain("right");
    expect(container.querySelector(".code-lang")?.textContent).toBe("python");
    expect(container.querySelector("p")?.textContent).toContain("and List<Integer>,");
  });

  it("draws ~~~ fences, + lists and setext headings, which CommonMark reads as those blocks", () => {
    const { container } = render(
      <TutorialRenderer markdown={"The Gate\n========\n\n+ first\n+ second\n\n~~~js\nlet a = 1;\n~~~"} />,
    );
    expect(container.querySelector("h3")?.id).toBe("section-the-gate");
    expect([...container.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["first", "second"]);
    expect(container.querySelector("pre")?.textContent).toBe("let a = 1;");
    expect(container.textContent).not.toContain("~~~");
  });

  it("shows only the words of what it does not draw (links, quotes) and raw HTML as text", () => {
    const { container } = render(
      <TutorialRenderer markdown={"Read [the docs](https://evil.example).\n\n> quoted\n\n<div onclick=x>hi</div>"} />,
    );
    expect(container.querySelector("a")).toBeNull();
    expect(container.querySelector("blockquote")).toBeNull();
    expect(container.querySelector("div[onclick]")).toBeNull();
    expect(container.textContent).toContain("Read the docs.");
    expect(container.textContent).toContain("quoted");
    expect(container.textContent).toContain("<div onclick=x>hi</div>");
  });

  it("gives headings the section ids the quiz's Read links use, unique within the lesson", () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    window.history.replaceState(null, "", "/course/c/lesson/c--ops#section-arithmetic-operators");
    render(<TutorialRenderer markdown={"## Arithmetic Operators\ntext\n### The `%` Sign\n## Example\n## Example"} />);
    const ids = Array.from(document.querySelectorAll(".tutorial [id]"), (e) => e.id);
    expect(ids).toEqual(["section-arithmetic-operators", "section-the-sign", "section-example", "section-example-2"]);
    // The address names a section: it is brought into view once the lesson has rendered.
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById("section-arithmetic-operators"));
    window.history.replaceState(null, "", "/");
  });

  it("keeps the heading ids of the headings as written: marks, underscores and repeats", () => {
    render(
      <TutorialRenderer
        markdown={
          "## The `switch` Expression\n## Using `*args` and `__init__`\n## **Bold** _words_\n## The `switch` Expression"
        }
      />,
    );
    const ids = Array.from(document.querySelectorAll(".tutorial [id]"), (e) => e.id);
    // What sectionId makes of each heading's text as written, which the quiz's Read links use.
    expect(ids).toEqual([
      sectionId("The `switch` Expression"),
      sectionId("Using `*args` and `__init__`"),
      sectionId("**Bold** _words_"),
      `${sectionId("The `switch` Expression")}-2`,
    ]);
    expect(ids[0]).toBe("section-the-switch-expression");
  });

  it("renders one level of sub-items under a list item", () => {
    const { container } = render(
      <TutorialRenderer markdown={"- Error\n- Exception\n  - RuntimeException\n  - IOException\n- Last"} />,
    );
    const top = container.querySelectorAll(".tutorial > ul > li");
    expect(top).toHaveLength(3);
    expect([...(top[1]?.querySelectorAll("ul > li") ?? [])].map((li) => li.textContent)).toEqual([
      "RuntimeException",
      "IOException",
    ]);
  });

  it("renders bold, italic, inline code and line breaks (two trailing spaces or a backslash)", () => {
    const { container } = render(<TutorialRenderer markdown={"**bold** and *italic* and `x = 1`  \nnext line"} />);
    expect(container.querySelector("strong")?.textContent).toBe("bold");
    expect(container.querySelector("em")?.textContent).toBe("italic");
    expect(container.querySelector("code")?.textContent).toBe("x = 1");
    expect(container.querySelector("br")).not.toBeNull();
    cleanup();
    const slash = render(<TutorialRenderer markdown={"one\\\ntwo"} />);
    expect(slash.container.querySelectorAll("br")).toHaveLength(1);
    expect(slash.container.textContent).toBe("onetwo");
  });

  it("reads a soft line break (a sentence wrapped in the source) as a space", () => {
    const { container } = render(
      <TutorialRenderer markdown={"Read a number from 0\nto 1000.\n- an item wrapped\n  onto two lines"} />,
    );
    expect(container.querySelector("br")).toBeNull();
    expect(container.querySelector("p")?.textContent).toBe("Read a number from 0 to 1000.");
    expect(container.querySelector("li")?.textContent).toBe("an item wrapped onto two lines");
  });

  it("never injects HTML from the lesson text", () => {
    const { container } = render(
      <TutorialRenderer markdown={'<img src=x onerror="alert(1)"> <script>alert(1)</script>'} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
    expect(container.textContent).toContain("<script>");
  });

  it("highlights code blocks once the language's parser has loaded, keeping the text", async () => {
    const code = 'class A {\n  String s = "<b>x</b>";\n}';
    const { container } = render(<TutorialRenderer markdown={`\`\`\`java\n${code}\n\`\`\``} />);
    await waitFor(() => expect(container.querySelector("pre .tok-keyword")?.textContent).toBe("class"));
    expect(container.querySelector("pre .tok-string")?.textContent).toBe('"<b>x</b>"');
    expect(container.querySelector("pre")?.textContent).toBe(code);
    expect(container.querySelector("pre b")).toBeNull();
  });

  it("labels code blocks with their language and copies the code", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<TutorialRenderer markdown={"```python\nprint('hi')\n```"} />);
    expect(screen.getByText("python")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Copy python code/ }));
    expect(writeText).toHaveBeenCalledWith("print('hi')");
    expect(await screen.findByText("Copied!")).toBeTruthy();
  });
});

describe("tutorial renderer: pictures", () => {
  const src = "/assets/content/java-programming/stack-and-heap.0123456789.svg";

  it("draws a picture on a line of its own, even between two lines of a paragraph", () => {
    const { container } = render(
      <TutorialRenderer markdown={`Before the picture\n![Two references, one object](${src})\nafter it`} />,
    );
    const drawn = Array.from(container.querySelector(".tutorial")?.children ?? [], (e) => e.tagName.toLowerCase());
    expect(drawn).toEqual(["p", "figure", "p"]);
    expect([...container.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["Before the picture", "after it"]);
    expect(screen.getByRole("img", { name: "Two references, one object" })).toBeTruthy();
  });

  it("shows a lesson picture with its alt text, from our own origin, loaded lazily", () => {
    render(<TutorialRenderer markdown={`Intro\n\n![Two references, one object](${src})`} />);
    const img = screen.getByRole("img", { name: "Two references, one object" });
    expect(img.getAttribute("src")).toBe(src);
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.closest("figure")?.className).toBe("tutorial-figure");
  });

  it("never requests a picture from anywhere else: it shows the alt text instead", () => {
    const { container } = render(
      <TutorialRenderer
        markdown={
          "![A tracking pixel](https://evil.example/pixel.png)\n\n![Protocol-relative](//evil.example/x.svg)\n\n" +
          "![Not published](images/heap.svg)\n\n![](/assets/content/java-programming/x.0123456789.svg)"
        }
      />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect([...container.querySelectorAll(".tutorial-image-text")].map((p) => p.textContent)).toEqual([
      "Picture: A tracking pixel",
      "Picture: Protocol-relative",
      "Picture: Not published",
    ]);
  });

  it("keeps picture syntax inside code blocks as code", () => {
    const { container } = render(<TutorialRenderer markdown={`\`\`\`markdown\n![alt](${src})\n\`\`\``} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("pre")?.textContent).toBe(`![alt](${src})`);
  });
});
