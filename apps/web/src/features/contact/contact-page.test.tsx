import { CONTACT_FAILURE, CONTACT_SUCCESS } from "@koc/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import ContactPage from "./contact-page";

function renderPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ContactPage />
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

function fillForm() {
  fireEvent.change(input("Name"), { target: { value: "Recruit" } });
  fireEvent.change(input("Email"), { target: { value: "recruit@example.com" } });
  fireEvent.change(input("Subject"), { target: { value: "Quiz" } });
  fireEvent.change(input("Message"), { target: { value: "How do quizzes work?" } });
}

function submit() {
  const form = screen.getByRole("button", { name: /Send Message/ }).closest("form");
  if (!form) throw new Error("no form");
  fireEvent.submit(form);
}

describe("ContactPage", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the support email, website and response time", () => {
    renderPage();
    expect(screen.getByText("support@kingdomofcode.dev")).toBeTruthy();
    expect(screen.getByText("24-48 hours")).toBeTruthy();
    expect(screen.getByRole("link", { name: /^kingdomofcode\.dev/ }).getAttribute("rel")).toContain("noopener");
  });

  it("goes idle, Sending... (disabled), then success with the form cleared", async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal("fetch", fetchMock);
    renderPage();
    fillForm();
    submit();
    const sending = await screen.findByRole("button", { name: /Sending\.\.\./ });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ name: "Recruit", email: "recruit@example.com", subject: "Quiz", website: "" });
    resolve(new Response(JSON.stringify({ success: true, message: CONTACT_SUCCESS }), { status: 200 }));
    expect(await screen.findByText(CONTACT_SUCCESS)).toBeTruthy();
    for (const label of ["Name", "Email", "Subject", "Message"]) expect(input(label).value).toBe("");
  });

  it("shows the failure message and keeps the text on an error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response('{"message":"nope"}', { status: 500 })),
    );
    renderPage();
    fillForm();
    submit();
    expect(await screen.findByText(CONTACT_FAILURE)).toBeTruthy();
    expect(input("Subject").value).toBe("Quiz");
    await waitFor(() => expect(screen.getByRole("button", { name: /Send Message/ })).toBeTruthy());
  });

  it("checks fields with the shared schema before sending", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderPage();
    fillForm();
    fireEvent.change(input("Subject"), { target: { value: "   " } });
    submit();
    expect(await screen.findByText("Subject is required.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
