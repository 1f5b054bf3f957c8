import { certificateName } from "@koc/shared";
import { Crown, Download } from "lucide-react";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { readToken } from "../../../lib/storage";
import { issueCertificate } from "../../certificates/api/issue-certificate";
import { downloadCertificatePdf, formatCertificateDate } from "../certificate-pdf";

interface CertificateDialogProps {
  userName: string | null | undefined;
  courseId: string;
  courseTitle: string;
  completedOn: Date;
  onClose: () => void;
}

export function CertificateDialog({ userName, courseId, courseTitle, completedOn, onClose }: CertificateDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Prints only a certificate the server has recorded; a failure shows the server's message. */
  const download = async () => {
    setError(null);
    if (!readToken()) {
      setError("Sign in to download your certificate: its verification code is recorded on your account.");
      return;
    }
    setBusy(true);
    try {
      const cert = await issueCertificate(courseId);
      await downloadCertificatePdf(cert);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : "The certificate could not be issued.");
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
      {error ? (
        <p className="form-message error" role="alert">
          {error}
        </p>
      ) : null}
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
