import { expect, gotoAndSettle, test } from "./fixtures";
import { lessonsOf } from "./quiz-helpers";

const password = "royal-secret-1";

/**
 * Earns a certificate the way a learner does: every topic of the smallest course has its quiz passed
 * on the server and is then marked completed; only then does POST /api/certificates issue it.
 */
test("a learner sees their certificate on the dashboard and its verify page vouches for it", async ({
  page,
  browser,
  consoleErrors,
}) => {
  const email = `cert-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const name = "प्रिया Sharma";
  const reg = await page.request.post("/api/auth/register", { data: { name, email, password } });
  expect(reg.status()).toBe(201);
  const auth = { authorization: `Bearer ${((await reg.json()) as { token: string }).token}` };

  const courses = (await (await page.request.get("/api/courses")).json()) as {
    _id: string;
    title: string;
    lessonCount: number;
    access: "free" | "premium";
  }[];
  const course = courses
    .filter((c) => c.lessonCount > 0 && c.access === "free")
    .sort((a, b) => a.lessonCount - b.lessonCount)[0];
  if (!course) throw new Error("no course with lessons");
  // A claim of completion without passed quizzes earns nothing.
  const early = await page.request.post("/api/certificates", { headers: auth, data: { courseId: course._id } });
  expect(early.status()).toBe(409);
  const lessons = await lessonsOf(page, course._id);
  for (const lesson of lessons) {
    const attempt = await page.request.post("/api/quiz/attempts", {
      headers: auth,
      data: { materialId: lesson._id, answers: lesson.quiz.map((q) => q.correct) },
    });
    expect(((await attempt.json()) as { passed: boolean }).passed).toBe(true);
  }
  const ids = lessons.map((l) => l._id);
  const saved = await page.request.put(`/api/progress/${course._id}`, {
    headers: auth,
    data: { completed: ids, knowledgeUnlocked: ids, topicProgress: {}, xp: ids.length * 50, streak: 1 },
  });
  expect(((await saved.json()) as { completed: string[] }).completed.sort()).toEqual([...ids].sort());
  const issued = await page.request.post("/api/certificates", { headers: auth, data: { courseId: course._id } });
  expect(issued.status()).toBe(201);
  const cert = (await issued.json()) as { code: string; verifyUrl: string };
  expect(cert.verifyUrl).toMatch(new RegExp(`/verify/${cert.code}$`));

  // the PDF the certificate dialog downloads: drawn on the server, for the owner only
  const pdf = await page.request.get(`/api/certificates/${cert.code}/pdf`, { headers: auth });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect((await page.request.get(`/api/certificates/${cert.code}/pdf`)).status()).toBe(401);

  // Open Graph tags for crawlers, in the HTML the server sends
  const html = await (await page.request.get(`/verify/${cert.code}`)).text();
  expect(html).toContain(
    `<meta property="og:title" content="${name}: ${course.title} certificate | Kingdom of Code" />`,
  );

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await gotoAndSettle(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  const mine = page.getByRole("region", { name: "My Certificates" });
  await expect(mine.getByRole("heading", { name: course.title })).toBeVisible();
  await mine.getByRole("link", { name: `View the ${course.title} certificate` }).click();

  await expect(page).toHaveURL(new RegExp(`/verify/${cert.code}$`));
  await expect(page.getByRole("heading", { name: "Genuine certificate" })).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  const linkedIn = page.getByRole("link", { name: "Add to LinkedIn" });
  const href = new URL(String(await linkedIn.getAttribute("href")));
  expect(href.origin + href.pathname).toBe("https://www.linkedin.com/profile/add");
  expect(href.searchParams.get("startTask")).toBe("CERTIFICATION_NAME");
  expect(href.searchParams.get("organizationName")).toBe("Kingdom of Code");
  expect(href.searchParams.get("certId")).toBe(cert.code);
  expect(href.searchParams.get("certUrl")).toBe(cert.verifyUrl);
  expect(href.searchParams.get("issueYear")).toMatch(/^\d{4}$/);
  expect(href.searchParams.get("issueMonth")).toMatch(/^([1-9]|1[0-2])$/);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cert.verifyUrl);

  const stranger = await (await browser.newContext()).newPage();
  await gotoAndSettle(stranger, "/verify/KOC-1700000000000-NOTREAL00");
  await expect(stranger.getByRole("heading", { name: "No certificate with this code" })).toBeVisible();
  await expect(stranger.getByRole("link", { name: "Add to LinkedIn" })).toHaveCount(0);
  await stranger.context().close();
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});
