import { exportFileName } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { downloadFile } from "../lib/api-client";
import { FormMessage } from "./form";
import "./download-my-data.css";

/** The learner's own data, every record the server keeps, as one JSON file (GET /api/account/export). */
export function DownloadMyData({ className = "btn btn-outline" }: { className?: string }) {
  const download = useMutation({
    mutationFn: () => downloadFile("/api/account/export", exportFileName(new Date()), "application/json"),
  });
  return (
    <div className="download-my-data">
      <button type="button" className={className} onClick={() => download.mutate()} disabled={download.isPending}>
        <Download aria-hidden="true" size={18} />{" "}
        {download.isPending ? "Gathering your scrolls..." : "Download my data"}
      </button>
      <FormMessage
        tone="error"
        text={
          download.isError
            ? `Your data could not be gathered (${download.error.message}). Please try again.`
            : undefined
        }
      />
    </div>
  );
}
