import nodemailer from "nodemailer";

/** SMTP delivery when SMTP_URL is set; otherwise mails stay in the outbox table only. */
export function sendMailer(smtpUrl: string | undefined) {
  if (!smtpUrl) return undefined;
  const transport = nodemailer.createTransport(smtpUrl);
  return async (to: string, subject: string, body: string) => {
    await transport.sendMail({ to, subject, text: body, from: process.env.SMTP_FROM ?? "no-reply@lms.local" });
    return true;
  };
}
