import type { CertificateResponse } from "@koc/shared";

/**
 * LinkedIn's add-to-profile URL for a certification: certification name, organisation, issue year
 * and month (1-12), certificate id and URL.
 */
export function linkedInAddUrl(cert: CertificateResponse): string {
  const issued = new Date(cert.issuedAt);
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: `${cert.courseTitle} Certificate of Completion`,
    organizationName: "Kingdom of Code",
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certId: cert.code,
    certUrl: cert.verifyUrl,
  });
  return `https://www.linkedin.com/profile/add?${params.toString().replace(/\+/g, "%20")}`;
}

/** Copies text with the Clipboard API, falling back to a hidden textarea and execCommand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // not allowed (insecure context, permissions): try the fallback
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
