import { certificateFileName, certificateName } from "@koc/shared";

export interface CertificateData {
  userName: string | null | undefined;
  courseTitle: string;
  completedOn: Date;
  code: string;
}

export const formatCertificateDate = (d: Date) =>
  d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** Draws the A4 landscape (297 x 210 mm) certificate with jsPDF, loaded only when asked for. */
export async function downloadCertificatePdf(data: CertificateData): Promise<string> {
  const { jsPDF } = await import("jspdf");
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4" });
  const name = certificateName(data.userName);
  const W = 297;
  const H = 210;

  doc.setFillColor(246, 236, 210);
  doc.rect(0, 0, W, H, "F");
  doc.setDrawColor(155, 28, 49);
  doc.setLineWidth(3);
  doc.rect(8, 8, W - 16, H - 16);
  doc.setDrawColor(212, 160, 23);
  doc.setLineWidth(1);
  doc.rect(13, 13, W - 26, H - 26);

  // crown
  doc.setFillColor(212, 160, 23);
  doc.triangle(138, 40, 143, 28, 148.5, 40, "F");
  doc.triangle(143, 40, 148.5, 24, 154, 40, "F");
  doc.triangle(148.5, 40, 154, 28, 159, 40, "F");
  doc.rect(138, 40, 21, 4, "F");

  doc.setTextColor(43, 33, 24);
  doc.setFont("times", "bold");
  doc.setFontSize(32);
  doc.text("CERTIFICATE OF COMPLETION", W / 2, 60, { align: "center" });
  doc.setFont("helvetica", "normal");
  doc.setFontSize(13);
  doc.text("Kingdom of Code proudly certifies that", W / 2, 76, { align: "center" });
  doc.setFont("times", "bold");
  doc.setFontSize(28);
  doc.setTextColor(155, 28, 49);
  doc.text(name, W / 2, 93, { align: "center" });
  doc.setFont("helvetica", "normal");
  doc.setFontSize(13);
  doc.setTextColor(43, 33, 24);
  doc.text("has successfully completed every topic of the course", W / 2, 107, { align: "center" });
  doc.setFont("times", "bold");
  doc.setFontSize(22);
  doc.text(data.courseTitle, W / 2, 121, { align: "center" });
  doc.setFont("helvetica", "normal");
  doc.setFontSize(12);
  doc.text(`Completed on ${formatCertificateDate(data.completedOn)}`, W / 2, 134, { align: "center" });

  // founder signature block
  doc.setDrawColor(43, 33, 24);
  doc.setLineWidth(0.4);
  doc.line(40, 168, 110, 168);
  doc.setFont("times", "italic");
  doc.setFontSize(16);
  doc.text("The Founder", 75, 164, { align: "center" });
  doc.setFont("helvetica", "normal");
  doc.setFontSize(10);
  doc.text("Founder, Kingdom of Code", 75, 174, { align: "center" });

  doc.setFontSize(10);
  doc.text("Verification code", 222, 164, { align: "center" });
  doc.setFont("courier", "bold");
  doc.setFontSize(11);
  doc.text(data.code, 222, 171, { align: "center" });
  doc.setFont("helvetica", "normal");
  doc.setFontSize(8);
  doc.text(`Verify at ${window.location.origin}/verify/${data.code}`, 222, 177, { align: "center" });

  const fileName = certificateFileName(data.courseTitle, data.userName);
  doc.save(fileName);
  return fileName;
}
