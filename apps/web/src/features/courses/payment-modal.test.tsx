import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type FakeAnswer,
  fakeApi,
  javaCourse as java,
  renderPage,
  renderRoutes,
  signIn,
  testUser,
} from "../../testing/render-page";
import CoursesPage from "./courses-page";

const PAYMENTS_NOT_CONFIGURED =
  "Payments are not configured on this server: the royal treasury cannot take your ₹100 here yet.";

const react = { ...java, _id: "react-development", title: "React Development", access: "premium" };
const order = (mode: "test" | "razorpay") => ({
  id: "order_Abc123Def456Gh",
  amount: 10000,
  currency: "INR",
  mode,
  keyId: mode === "test" ? "test_checkout" : "rzp_test_Key123",
});
const signed = {
  razorpay_order_id: "order_Abc123Def456Gh",
  razorpay_payment_id: "pay_Xyz987Wvu654Ts",
  razorpay_signature: "a".repeat(64),
};
const verified = {
  success: true,
  orderId: "order_Abc123Def456Gh",
  invoiceId: "INV-000042",
  invoiceUrl: "/api/payment/invoices/INV-000042",
};

/** The courses page with a free learner signed in; `me` answers premium once the payment is verified. */
function paymentApi(routes: Record<string, FakeAnswer | (() => FakeAnswer)>, user: object = testUser) {
  let premium = false;
  const verify = routes["POST /api/payment/verify-payment"];
  return fakeApi({
    "GET /api/courses": [200, [java, react]],
    "GET /api/auth/me": () => [200, { ...user, isPremium: premium }],
    "GET /api/payment/mode": [200, { mode: "test" }],
    ...routes,
    ...(verify
      ? {
          "POST /api/payment/verify-payment": () => {
            const answer = typeof verify === "function" ? verify() : verify;
            if (Array.isArray(answer) && answer[0] === 200) premium = true;
            return answer;
          },
        }
      : {}),
  });
}

const calls = (fetch: ReturnType<typeof fakeApi>) =>
  fetch.mock.calls
    .map(([url, init]) => `${init?.method ?? "GET"} ${url}`)
    .filter((c) => c.includes("/payment/") && c !== "GET /api/payment/mode");
const bodyOf = (fetch: ReturnType<typeof fakeApi>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => url === path);
  return JSON.parse(String(call?.[1]?.body));
};

async function openOffer() {
  renderPage("/courses", <CoursesPage />, "/courses");
  fireEvent.click(await screen.findByRole("button", { name: "Upgrade to unlock React Development" }));
  return screen.getByRole("dialog", { name: "Unlock Premium" });
}

const alerts = () => screen.queryAllByRole("alert").map((a) => a.textContent);

describe("the courses page's payment modal", { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (window as { Razorpay?: unknown }).Razorpay;
  });

  it("goes through create-order, the test checkout and verify-payment, then shows premium without a reload", async () => {
    const fetch = paymentApi({
      "POST /api/payment/create-order": [200, order("test")],
      "POST /api/payment/test-checkout/pay": [200, signed],
      "POST /api/payment/verify-payment": [200, verified],
    });
    const offer = await openOffer();
    fireEvent.click(within(offer).getByRole("button", { name: "Pay ₹100" }));
    const checkout = await screen.findByRole("dialog", { name: "Test payment" });
    expect(checkout.textContent).toContain("This is a test checkout");
    // Without Razorpay keys no third-party script is loaded.
    expect(document.querySelector('script[src*="razorpay"]')).toBeNull();
    fireEvent.click(within(checkout).getByRole("button", { name: "Pay ₹100.00" }));

    const receipt = await screen.findByRole("dialog", { name: "Payment Successful!" });
    expect(receipt.textContent).toContain("order_Abc123Def456Gh");
    expect(receipt.textContent).toContain("INV-000042");
    expect(within(receipt).getByRole("link", { name: "Download invoice INV-000042" }).getAttribute("href")).toBe(
      "/api/payment/invoices/INV-000042",
    );
    expect(alerts().some((t) => t?.startsWith("Payment Successful!"))).toBe(true);
    expect(calls(fetch)).toEqual([
      "POST /api/payment/create-order",
      "POST /api/payment/test-checkout/pay",
      "POST /api/payment/verify-payment",
    ]);
    // What the checkout returned is what verify-payment receives; the price is decided by the server.
    expect(bodyOf(fetch, "/api/payment/verify-payment")).toEqual(signed);
    expect(bodyOf(fetch, "/api/payment/create-order")).toMatchObject({
      amount: 10000,
      currency: "INR",
      courseId: "premium_course",
    });

    fireEvent.click(within(receipt).getByRole("button", { name: "Close" }));
    // /api/auth/me now says premium: every course shows PREMIUM and Access Premium, no Upgrade.
    await waitFor(() => expect(screen.getAllByRole("link", { name: /^Access Premium: / })).toHaveLength(2));
    expect(screen.getAllByText("PREMIUM", { exact: true })).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /^Upgrade/ })).toBeNull();
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").isPremium).toBe(true);
  });

  it("says the promised text when verification fails, and the learner stays free", async () => {
    paymentApi({
      "POST /api/payment/create-order": [200, order("test")],
      "POST /api/payment/test-checkout/pay": [200, signed],
      "POST /api/payment/verify-payment": [400, { message: "Payment signature is invalid" }],
    });
    const offer = await openOffer();
    fireEvent.click(within(offer).getByRole("button", { name: "Pay ₹100" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Test payment" })).getByRole("button", {
        name: "Pay ₹100.00",
      }),
    );
    await waitFor(() => expect(alerts()).toContain("Payment completed but verification failed. Contact support."));
    expect(screen.queryByRole("dialog", { name: "Payment Successful!" })).toBeNull();
    expect(
      within(screen.getByRole("dialog", { name: "Unlock Premium" })).getByRole("button", { name: "Pay ₹100" }),
    ).toBeTruthy();
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").isPremium).toBe(false);
  });

  it("says the promised text when the order cannot be created, and lets the learner try again", async () => {
    paymentApi({ "POST /api/payment/create-order": [502, { message: "The payment provider could not be reached." }] });
    const offer = await openOffer();
    fireEvent.click(within(offer).getByRole("button", { name: "Pay ₹100" }));
    await waitFor(() => expect(alerts()).toContain("Payment failed. Please try again."));
    expect((within(offer).getByRole("button", { name: "Pay ₹100" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole("dialog", { name: "Test payment" })).toBeNull();
  });

  it("says payments are not configured when the server takes none (no keys, no test checkout)", async () => {
    paymentApi({ "POST /api/payment/create-order": [503, { message: "Payments are not configured on this server" }] });
    const offer = await openOffer();
    fireEvent.click(within(offer).getByRole("button", { name: "Pay ₹100" }));
    await waitFor(() => expect(alerts()).toContain("Payments are not configured on this server"));
    expect(alerts()).not.toContain("Payment failed. Please try again.");
    expect(screen.queryByRole("dialog", { name: "Test payment" })).toBeNull();
  });

  it("says up front, before Pay, when the server takes no payments, and Pay is disabled", async () => {
    const fetch = paymentApi({ "GET /api/payment/mode": [200, { mode: "off" }] });
    const offer = await openOffer();
    expect(await within(offer).findByText(PAYMENTS_NOT_CONFIGURED)).toBeTruthy();
    const pay = within(offer).getByRole("button", { name: "Pay ₹100" }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    fireEvent.click(pay);
    expect(calls(fetch)).toEqual([]);
  });

  it("shows no such notice when the server takes the test checkout or its mode cannot be read", async () => {
    let fetch = paymentApi({});
    let offer = await openOffer();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/payment/mode", expect.anything()));
    expect(within(offer).queryByText(PAYMENTS_NOT_CONFIGURED)).toBeNull();
    expect((within(offer).getByRole("button", { name: "Pay ₹100" }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    fetch = paymentApi({ "GET /api/payment/mode": [500, { message: "boom" }] });
    offer = await openOffer();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/payment/mode", expect.anything()));
    expect(within(offer).queryByText(PAYMENTS_NOT_CONFIGURED)).toBeNull();
    expect((within(offer).getByRole("button", { name: "Pay ₹100" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a learner who is already premium (another tab) hears the server's 409 message and sees premium, not a failure", async () => {
    let premium = false;
    fakeApi({
      "GET /api/courses": [200, [java, react]],
      "GET /api/auth/me": () => [200, { ...testUser, isPremium: premium }],
      "POST /api/payment/create-order": () => {
        premium = true;
        return [409, { message: "You already have lifetime premium. Nothing more to pay!" }];
      },
    });
    const offer = await openOffer();
    fireEvent.click(within(offer).getByRole("button", { name: "Pay ₹100" }));
    await waitFor(() => expect(alerts()).toContain("You already have lifetime premium. Nothing more to pay!"));
    expect(alerts()).not.toContain("Payment failed. Please try again.");
    expect(screen.queryByRole("dialog", { name: "Unlock Premium" })).toBeNull();
    await waitFor(() => expect(screen.getAllByRole("link", { name: /^Access Premium: / })).toHaveLength(2));
  });

  it("opens Razorpay's checkout with the agreed options; dismissing resets quietly, the handler verifies", async () => {
    const opened: Record<string, unknown>[] = [];
    (window as { Razorpay?: unknown }).Razorpay = class {
      constructor(options: Record<string, unknown>) {
        opened.push(options);
      }
      on() {}
      open() {}
    };
    const withPhone = { ...testUser, phone: "+919000090000" };
    localStorage.setItem("user", JSON.stringify(withPhone));
    const fetch = paymentApi(
      {
        "POST /api/payment/create-order": [200, order("razorpay")],
        "POST /api/payment/verify-payment": [200, verified],
      },
      withPhone,
    );
    const offer = await openOffer();
    fireEvent.click(within(offer).getByRole("button", { name: "Pay ₹100" }));
    await waitFor(() => expect(opened).toHaveLength(1));
    const options = opened[0] as {
      handler: (r: unknown) => void;
      modal: { ondismiss: () => void };
      [k: string]: unknown;
    };
    expect(options).toMatchObject({
      key: "rzp_test_Key123",
      order_id: "order_Abc123Def456Gh",
      amount: 10000,
      currency: "INR",
      name: "Kingdom of Code",
      description: expect.stringContaining("Lifetime Premium"),
      prefill: { name: "Ada", email: "ada@example.com", contact: "+919000090000" },
      theme: { color: "#667eea" },
    });
    expect(typeof options.handler).toBe("function");
    expect(typeof options.modal.ondismiss).toBe("function");
    expect(screen.getByRole("button", { name: "Processing..." })).toBeTruthy();

    // Dismiss: processing is reset, with no alert and no call.
    options.modal.ondismiss();
    expect(await within(offer).findByRole("button", { name: "Pay ₹100" })).toBeTruthy();
    expect(alerts()).toEqual([]);
    expect(calls(fetch)).toEqual(["POST /api/payment/create-order"]);

    fireEvent.click(within(offer).getByRole("button", { name: "Pay ₹100" }));
    await waitFor(() => expect(opened).toHaveLength(2));
    (opened[1] as { handler: (r: unknown) => void }).handler(signed);
    expect(await screen.findByRole("dialog", { name: "Payment Successful!" })).toBeTruthy();
    expect(bodyOf(fetch, "/api/payment/verify-payment")).toEqual(signed);
  });

  it("sends a visitor to /login with the promised text", async () => {
    localStorage.clear();
    fakeApi({ "GET /api/courses": [200, [java, react]] });
    const { location } = renderRoutes(
      [
        { path: "/courses", element: <CoursesPage /> },
        { path: "/login", element: <h1>Login</h1> },
      ],
      "/courses",
    );
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to unlock React Development" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Unlock Premium" })).getByRole("button", { name: "Pay ₹100" }),
    );
    await waitFor(() => expect(alerts()).toContain("Please login or register to make a payment"));
    await waitFor(() => expect(location.pathname).toBe("/login"));
    expect(screen.getByRole("heading", { name: "Login" })).toBeTruthy();
  });
});
