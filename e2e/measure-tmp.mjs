import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const path of ["/", "/courses", "/course/python-programming"]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const types = new Map(); const sizes = new Map();
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, [e.type, e.response.url]));
  cdp.on("Network.loadingFinished", (e) => sizes.set(e.requestId, e.encodedDataLength));
  await page.goto("http://127.0.0.1:3911" + path);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForLoadState("networkidle");
  let js = 0; const files = [];
  for (const [id, [type, url]] of types) if (type === "Script") { js += sizes.get(id) ?? 0; files.push(url.split("/").pop() + " " + (sizes.get(id) ?? 0)); }
  console.log(path, "first-visit JS (transferred, page only):", (js / 1024).toFixed(1), "KB", files.length, "files");
  if (path === "/") console.log(files.join("\n"));
  await context.close();
}
await browser.close();
