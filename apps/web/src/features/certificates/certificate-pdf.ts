import { certificateFileName } from "@koc/shared";
import { downloadFile } from "../../lib/api-client";

/** What the PDF prints: only ever a certificate the server has recorded. */
export interface RecordedCertificate {
  code: string;
  name: string;
  courseTitle: string;
}

export const formatCertificateDate = (d: Date) =>
  d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/**
 * Downloads the A4 landscape certificate the server draws (GET /api/certificates/{code}/pdf,
 * owner only): the server embeds a Noto Sans font for the name's script and shapes it, which jsPDF
 * cannot do for Indic scripts (docs/decisions). Returns the file name.
 */
export async function downloadCertificatePdf(cert: RecordedCertificate): Promise<string> {
  const fileName = certificateFileName(cert.courseTitle, cert.name);
  await downloadFile(`/api/certificates/${encodeURIComponent(cert.code)}/pdf`, fileName);
  return fileName;
}
