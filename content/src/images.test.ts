import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { courseImages, imageUrl, PUBLIC_IMAGE, resolveImages, svgProblems } from "./images.js";
import { loadCatalogue } from "./load.js";
import { coursesDir } from "./paths.js";
import { testCatalogue } from "./test-catalogue.js";
import { unrenderableMarkdown } from "./validate.js";

const svg = (body = "<rect width='10' height='10'/>") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>A square</title>${body}</svg>`;

describe("a lesson picture", () => {
  it("is a self-contained SVG with a viewBox and a title", () => {
    expect(svgProblems(svg())).toEqual([]);
    expect(svgProblems(svg().replace("<title>A square</title>", ""))).toEqual(["has no <title>"]);
    expect(svgProblems(svg().replace("<title>A square</title>", "<title> </title>"))).toEqual(["has no <title>"]);
    expect(svgProblems(svg().replace(' viewBox="0 0 10 10"', ""))).toEqual(["has no viewBox"]);
    expect(svgProblems("<png/>")).toContain("does not start with <svg");
  });

  it("reaches nothing outside its file and runs no script", () => {
    expect(svgProblems(svg('<use href="#a"/><path marker-end="url(#arrow)"/>'))).toEqual([]);
    expect(svgProblems(svg('<use href="https://example.com/x.svg#a"/>'))).toContain("links outside the file");
    expect(svgProblems(svg("<rect style=\"fill:url('https://x/y')\"/>"))).toContain("links outside the file");
    expect(svgProblems(svg("<script>alert(1)</script>"))).toContain("holds script, images or imports");
    expect(svgProblems(svg('<rect onclick="alert(1)"/>'))).toContain("holds an event handler attribute");
    expect(svgProblems(svg("<style>@import 'x.css';</style>"))).toContain("holds script, images or imports");
  });

  it("gets an address that changes with its bytes, so it can be cached for a year", () => {
    const a = imageUrl("java-programming", "stack", "<svg>1</svg>");
    expect(a).toMatch(PUBLIC_IMAGE);
    expect(a).toMatch(/^\/assets\/content\/java-programming\/stack\.[0-9a-f]{10}\.svg$/);
    expect(imageUrl("java-programming", "stack", "<svg>2</svg>")).not.toBe(a);
  });
});

describe("resolving picture references", () => {
  const images = [{ courseId: "c", name: "heap", file: "/x/heap.svg", url: "/assets/content/c/heap.0123456789.svg" }];

  it("rewrites images/name.svg outside code to the public address, keeping the alt text", () => {
    const md = "Intro\n\n![Objects on the heap](images/heap.svg)\n\n```markdown\n![kept](images/heap.svg)\n```";
    const out = resolveImages(md, images);
    expect(out.problems).toEqual([]);
    expect(out.used).toEqual(["heap"]);
    expect(out.markdown).toContain("![Objects on the heap](/assets/content/c/heap.0123456789.svg)");
    expect(out.markdown).toContain("![kept](images/heap.svg)");
  });

  it("reports a picture that does not exist and leaves other addresses to the validator", () => {
    const out = resolveImages("![A map](images/map.svg)\n\n![x](https://example.com/x.png)", images);
    expect(out.problems).toEqual(["image images/map.svg does not exist"]);
    expect(out.markdown).toContain("https://example.com/x.png");
    expect(
      unrenderableMarkdown(out.markdown)
        .map((p) => p.what)
        .join("\n"),
    ).toMatch(/not a picture of the course's images\/ folder/);
  });
});

describe("the validator and pictures", () => {
  const good = "/assets/content/java-programming/heap.0123456789.svg";

  it("accepts a resolved picture on a line of its own with alt text", () => {
    expect(unrenderableMarkdown(`Text.\n\n![Two references to one object](${good})\n\nMore.`)).toEqual([]);
  });

  it.each([
    [`![](${good})`, "an image without alt text"],
    [`![   ](${good})`, "an image without alt text"],
    [`See ![heap](${good}) inline`, "an image inside a paragraph"],
    ["![heap](images/heap.svg)", "not a picture of the course's images/ folder"],
    ["![heap](//evil.example/heap.svg)", "not a picture of the course's images/ folder"],
    ["![heap](/assets/content/java-programming/heap.svg)", "not a picture of the course's images/ folder"],
  ])("rejects %s", (markdown, what) => {
    expect(
      unrenderableMarkdown(markdown)
        .map((p) => p.what)
        .join("\n"),
    ).toContain(what);
  });
});

describe("loading a course with pictures", () => {
  const root = mkdtempSync(join(tmpdir(), "koc-images-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const course = join(root, "pictures");
  mkdirSync(join(course, "lessons"), { recursive: true });
  mkdirSync(join(course, "images"));
  writeFileSync(
    join(course, "course.md"),
    "---\nid: pictures\ntitle: Pictures\ncategory: Test\naccess: free\nlevel: Beginner\norder: 1\n---\nA course.\n",
  );
  writeFileSync(join(course, "images", "heap.svg"), svg());
  writeFileSync(join(course, "images", "unused.svg"), svg());
  writeFileSync(join(course, "images", "bad.svg"), "<svg viewBox='0 0 1 1'></svg>");
  writeFileSync(
    join(course, "lessons", "00-one.md"),
    "---\ntitle: One\nquiz: []\n---\n![The heap](images/heap.svg)\n\n![Broken](images/bad.svg)\n\n![Gone](images/gone.svg)\n",
  );

  it("resolves references, and reports missing, broken and unused pictures", () => {
    const { catalogue, problems } = loadCatalogue(root);
    const heap = courseImages("pictures", course).find((i) => i.name === "heap");
    expect(catalogue.courses[0]?.lessons[0]?.content).toContain(`![The heap](${heap?.url})`);
    expect(problems).toEqual([
      "pictures/images/bad.svg: has no viewBox",
      "pictures/images/bad.svg: has no <title>",
      "pictures/lessons/00-one.md: image images/gone.svg does not exist",
      "pictures/images/unused.svg: no lesson shows this picture",
    ]);
  });
});

describe("the catalogue's pictures", () => {
  it("the Java course shows at least 12 pictures and every other course at least one", () => {
    const catalogue = testCatalogue();
    const counts = new Map(catalogue.courses.map((c) => [c.id, courseImages(c.id, join(coursesDir, c.id)).length]));
    expect(counts.get("java-programming")).toBeGreaterThanOrEqual(12);
    for (const [id, n] of counts) expect(n, id).toBeGreaterThanOrEqual(1);
  });
});
