/** One mail, fully rendered: what the send-mail job carries. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (Reply-To, List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}
