import { certificateName } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { Crown, Download } from "lucide-react";
import { useState } from "react";
import { Modal } from "../../components/modal";
import { readToken } from "../../lib/storage";
import { useIssueCertificate } from "./api/issue-certificate";
import { downloadCertificatePdf, formatCertificateDate } from "./certificate-pdf";

interface CertificateDialogProps {
  userName: string | null | undefined;
  courseId: string;
  courseTitle: string;
  completedOn: Date;
  onClose: () => void;
}

export function CertificateDialog({ userName, courseId, courseTitle, completedOn, onClose }: CertificateDialogProps) {
  const [signInFirst, setSignInFirst] = useState(false);
  const issue = useIssueCertificate();
  const pdf = useMutation({ mutationFn: downloadCertificatePdf });
  const busy = issue.isPending || pdf.isPending;
  const failure = issue.error ?? pdf.error;
  const error = signInFirst
    ? "Sign in to download your certificate: its verification code is recorded on your account."
    : failure
      ? failure.message || "The certificate could not be issued."
      : null;
  /** Prints only a certificate the server has recorded; a failure shows the server's message. */
  const download = () => {
    setSignInFirst(!readToken());
    if (!readToken()) return;
    pdf.reset();
    issue.mutate(courseId, { onSuccess: (cert) => pdf.mutate(cert) });
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
