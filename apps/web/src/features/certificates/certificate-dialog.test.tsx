import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../testing/render-page";
import { myCertificatesQuery } from "./api/my-certificates";
import { CertificateDialog } from "./certificate-dialog";

const cert = {
  code: "KOC-ABC123",
  name: "Ada Lovelace",
  courseTitle: "Java Programming",
  courseId: "java-programming",
  issuedAt: "2026-01-01T00:00:00.000Z",
  verifyUrl: "https://example.com/verify/KOC-ABC123",
};

/** The learner's certificates list, on screen next to the dialog (as the dashboard would show it). */
function CertificateCount() {
  const list = useQuery(myCertificatesQuery("ada@example.com"));
  return <p data-testid="count">{list.data ? list.data.length : "loading"}</p>;
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CertificateCount />
      <CertificateDialog
        userName="Ada Lovelace"
        courseId="java-programming"
        courseTitle="Java Programming"
        completedOn={new Date("2026-01-01")}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "t0k3n");
  URL.createObjectURL = vi.fn(() => "blob:certificate");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the certificate dialog", () => {
  it("issues the certificate on the server, downloads its PDF and reads the certificates list again", async () => {
    const saved = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    let issued = false;
    const fetch = fakeApi({
      "GET /api/certificates": () => [200, { certificates: issued ? [cert] : [] }],
      "POST /api/certificates": () => {
        issued = true;
        return [201, cert];
      },
      "GET /api/certificates/KOC-ABC123/pdf": [200, "%PDF"],
    });
    renderDialog();
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("0"));
    act(() => screen.getByRole("button", { name: /Download Certificate/ }).click());
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("1"));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    const calls = fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(calls.slice(0, 2)).toEqual(["GET /api/certificates", "POST /api/certificates"]);
    expect(calls.slice(2).sort()).toEqual(["GET /api/certificates", "GET /api/certificates/KOC-ABC123/pdf"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the server's refusal and leaves the list alone", async () => {
    const fetch = fakeApi({
      "GET /api/certificates": [200, { certificates: [] }],
      "POST /api/certificates": [403, { message: "Complete every topic first." }],
    });
    renderDialog();
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("0"));
    act(() => screen.getByRole("button", { name: /Download Certificate/ }).click());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Complete every topic first."));
    expect(fetch.mock.calls.filter(([url]) => url === "/api/certificates")).toHaveLength(2);
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? "GET") === "GET")).toHaveLength(1);
  });

  it("asks a visitor to sign in before anything is sent", () => {
    localStorage.removeItem("token");
    const fetch = fakeApi({ "GET /api/certificates": [200, { certificates: [] }] });
    renderDialog();
    act(() => screen.getByRole("button", { name: /Download Certificate/ }).click());
    expect(screen.getByRole("alert").textContent).toMatch(/^Sign in to download your certificate/);
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });
});
