export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail. The SMTP adapter talks to a real server; the outbox keeps mail in the database. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
