import contentDisposition from "content-disposition";
import { describe, expect, it } from "vitest";
import { attachment, safeFileName } from "./routes.js";

describe("the certificate's file name", () => {
  it("drops path separators, reserved characters and controls a learner's name may hold", () => {
    const name = safeFileName('Java_Certificate_<script>/../..\\evil:"x"|?*\r\n.pdf');
    expect(name).not.toMatch(/[<>/\\:"|?*\r\n]/);
    expect(name).toBe("Java_Certificate__script__.._.._evil__x______.pdf");
    expect(safeFileName("..hidden.pdf")).toBe("_hidden.pdf");
  });

  it("uses RFC 6266 filename* for the whole name and a plain ASCII fallback", () => {
    const header = attachment(safeFileName("Java_Certificate_प्रिया_<शर्मा>.pdf"));
    expect(header).toMatch(/^attachment; filename="Java_Certificate_[_]+.pdf"; filename\*=UTF-8''/);
    const parsed = contentDisposition.parse(header);
    expect(parsed.type).toBe("attachment");
    expect(parsed.parameters.filename).toBe("Java_Certificate_प्रिया__शर्मा_.pdf");
    expect(attachment("Plain_Name.pdf")).toBe('attachment; filename="Plain_Name.pdf"');
  });
});
