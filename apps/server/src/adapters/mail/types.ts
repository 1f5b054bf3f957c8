export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID header, without angle brackets: derived from the job's dedupe key, so a mail
   * sent again after a crash carries the same id and mail systems treat it as one message.
   */
  messageId?: string;
  /** Files sent with the mail (an invoice's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends mail. The SMTP adapter talks to a real server; the outbox keeps mail in the database. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
