import { certificateName, newVerificationCode } from "@koc/shared";
import { Crown, Download } from "lucide-react";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { api } from "../../../lib/api-client";
import { readToken } from "../../../lib/storage";
import { downloadCertificatePdf, formatCertificateDate } from "../certificate-pdf";

interface CertificateDialogProps {
  userName: string | null | undefined;
  courseId: string;
  courseTitle: string;
  completedOn: Date;
  onClose: () => void;
}

/**
 * A logged-in learner's certificate carries the code the server recorded (verifiable at /verify);
 * otherwise a local code in the same format.
 */
async function verificationCode(courseId: string): Promise<string> {
  if (readToken()) {
    try {
      const res = (await api("/certificates", { method: "POST", body: { courseId } })) as { code?: unknown };
      if (typeof res?.code === "string") return res.code;
    } catch {
      // not recorded (e.g. server progress incomplete): fall back to a local code
    }
  }
  return newVerificationCode();
}

export function CertificateDialog({ userName, courseId, courseTitle, completedOn, onClose }: CertificateDialogProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCertificatePdf({ userName, courseTitle, completedOn, code: await verificationCode(courseId) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="Congratulations, Champion!" onClose={onClose} className="certificate-dialog">
      <div className="certificate-preview">
        <Crown aria-hidden="true" size={44} className="certificate-crown" />
        <p className="certificate-kicker">CERTIFICATE OF COMPLETION</p>
        <p>This certifies that</p>
        <p className="certificate-name">{certificateName(userName)}</p>
        <p>has completed every topic of</p>
        <p className="certificate-course">{courseTitle}</p>
        <p>on {formatCertificateDate(completedOn)}</p>
      </div>
      <p>You have conquered the whole course. The kingdom salutes you, warrior!</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn" onClick={download} disabled={busy}>
          <Download aria-hidden="true" size={18} /> {busy ? "Preparing..." : "Download Certificate"}
        </button>
      </div>
    </Modal>
  );
}
