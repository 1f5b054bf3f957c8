import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { createPaymentsTestApp } from "../../../test/payments.js";
import { repoRoot } from "../../paths.js";
import { runAdmin, UsageError } from "./admin-cli.js";

describe.each(engines)("operators' premium commands on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createPaymentsTestApp>>;
  beforeAll(async () => {
    t = await createPaymentsTestApp(engine);
  });
  afterAll(() => t.close());

  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, t.database.db, "ops-tester", (l) => lines.push(l));
    return lines.join("\n");
  };
  const isPremium = async (token: string) =>
    (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } })).json()
      .isPremium;

  it("grants and revokes premium, each use audited with who, when and why", async () => {
    const u = await registerUser(t.app);
    expect(await admin("premium", "grant", u.user.email, "--reason", "Contest winner")).toMatch(
      /^Premium granted to .* by ops-tester \(Contest winner\)\. Now premium: yes\.$/,
    );
    expect(await isPremium(u.token)).toBe(true);
    // Premium courses open to a granted learner at once.
    const enrol = await t.app.inject({
      method: "PUT",
      url: "/api/enrollments/react-development",
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(enrol.statusCode).toBe(201);
    expect(await admin("premium", "revoke", u.user.email, "--reason", "Refunded", "--by", "Asha")).toMatch(
      /Premium revoked from .* by Asha \(Refunded\)\. Now premium: no\./,
    );
    expect(await isPremium(u.token)).toBe(false);
    const report = await admin("payments", u.user.email);
    expect(report).toMatch(/premium: no/);
    expect(report).toMatch(
      /Premium history \(2\):\n .* grant {2}by ops-tester: Contest winner\n .* revoke {2}by Asha: Refunded/,
    );
  });

  it("lists a learner's orders, payments and invoices after a test-checkout purchase", async () => {
    const u = await registerUser(t.app);
    const order = (
      await t.app.inject({ method: "POST", url: "/api/payment/create-order", headers: u.auth, payload: {} })
    ).json();
    const paid = (
      await t.app.inject({
        method: "POST",
        url: "/api/payment/test-checkout/pay",
        headers: u.auth,
        payload: { order_id: order.id },
      })
    ).json();
    const { invoiceId } = (
      await t.app.inject({ method: "POST", url: "/api/payment/verify-payment", headers: u.auth, payload: paid })
    ).json();
    const report = await admin("payments", u.user.email);
    expect(report).toContain(`Orders (1):\n  ${order.id}  ₹100.00  test`);
    expect(report).toContain(`${paid.razorpay_payment_id}  captured  ₹100.00`);
    expect(report).toContain(`Invoices (1):\n  ${invoiceId}  ₹100.00`);
    expect(report).toMatch(/payment {2}by test:verify-payment: Lifetime premium paid/);
  });

  it("refuses a missing reason, an unknown command and an unknown email", async () => {
    const u = await registerUser(t.app);
    await expect(admin("premium", "grant", u.user.email)).rejects.toBeInstanceOf(UsageError);
    await expect(admin("premium", "give", u.user.email, "--reason", "x")).rejects.toBeInstanceOf(UsageError);
    await expect(admin()).rejects.toBeInstanceOf(UsageError);
    await expect(admin("premium", "grant", "nobody@example.com", "--reason", "x")).rejects.toThrow(/No user/);
    expect(await isPremium(u.token)).toBe(false);
  });
});

describe("npm run admin on a data directory", () => {
  it("runs as a real command on the embedded database", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "koc-admin-"));
    const run = (...args: string[]) =>
      execFileSync("npm", ["run", "--silent", "admin", "--", ...args], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", KOC_OPERATOR: "cli-test" },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    expect(() => run("premium", "grant", "ghost@example.com", "--reason", "Testing the CLI")).toThrow(
      /No user with the email ghost@example.com/,
    );
  }, 120_000);
});
