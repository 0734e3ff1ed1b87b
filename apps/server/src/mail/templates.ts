/**
 * Email templates: one layout, an HTML and a plain-text version of every message. Every value is
 * escaped; links are printed in full in both versions so a reader can copy them.
 */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  /** Extra message headers (List-Unsubscribe on reminder emails). */
  headers?: Record<string, string>;
}

interface LayoutInput {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Lines after the button: expiry notes, "ignore this if it was not you". */
  notes?: string[];
  /** A last line that is a link of its own (turning these emails off). */
  footerLink?: { label: string; url: string };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export function renderEmail(input: LayoutInput): EmailContent {
  const { subject, greeting, paragraphs, action, notes = [], footerLink } = input;
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(text)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4b5563">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#2563eb;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#2563eb">Daywise</p>
${[greeting, ...paragraphs].map(p).join('\n')}
${button}
${notes.map(p).join('\n')}
${footerLink ? `<p style="margin:0;font-size:13px;line-height:20px;color:#4b5563"><a href="${escapeHtml(footerLink.url)}" style="color:#4b5563">${escapeHtml(footerLink.label)}</a></p>` : ''}
</div>
</body>
</html>`;

  // In the text version the link stands on its own line, so it can be copied whole.
  const text = [
    greeting,
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...notes,
    ...(footerLink ? [`${footerLink.label}:\n${footerLink.url}`] : []),
    '-- Daywise',
  ].join('\n\n');

  return { subject, html, text };
}

/**
 * The account emails greet without the user's name: a name is whatever a stranger typed at
 * sign-up ("Click http://evil.example to claim") and would go out under our name to any address
 * (ADR 0013).
 */
const GREETING = 'Hi,';

/** An account email: one paragraph, one button with the link, and its notes. */
function accountEmail(
  subject: string,
  paragraph: string,
  action: { label: string; url: string },
  notes: string[],
): EmailContent {
  return renderEmail({ subject, greeting: GREETING, paragraphs: [paragraph], action, notes });
}

export const verificationEmail = (url: string): EmailContent =>
  accountEmail(
    'Verify your email for Daywise',
    'Thanks for signing up for Daywise. Please confirm your email address.',
    { label: 'Verify Email', url },
    [
      'This link expires in 5 minutes.',
      'If you did not create a Daywise account, you can ignore this email.',
    ],
  );

export const passwordResetEmail = (url: string): EmailContent =>
  accountEmail(
    'Reset your Daywise password',
    'We received a request to reset the password of your Daywise account.',
    { label: 'Reset Password', url },
    [
      'This link expires in 1 hour.',
      'If you did not ask for a new password, you can ignore this email; your password stays the same.',
    ],
  );

/** An admin's invitation to sign up (ADR 0039). */
export const invitationEmail = (url: string): EmailContent =>
  accountEmail(
    "You're invited to Daywise",
    'The administrator of this Daywise server invited you to make an account.',
    { label: 'Accept Invitation', url },
    [
      'This link expires in 7 days and works only for this email address.',
      'If you did not expect this invitation, you can ignore this email.',
    ],
  );

export const accountRestoreEmail = (url: string): EmailContent =>
  accountEmail(
    'Restore your Daywise account',
    'We received a request to restore your deleted Daywise account.',
    { label: 'Restore Account', url },
    [
      'This link expires in 1 hour.',
      'If you did not ask to restore your account, you can ignore this email.',
    ],
  );

/**
 * A reminder (issue 14): the reminder's own title and text, a button to the page that shows the
 * item, and the link that turns these emails off. The title and text are the user's own, sent
 * only to their own address.
 */
export const reminderEmail = (reminder: {
  title: string;
  body: string;
  itemUrl: string;
  unsubscribeUrl: string;
}): EmailContent =>
  renderEmail({
    subject: reminder.title,
    greeting: GREETING,
    paragraphs: [reminder.title, reminder.body],
    action: { label: 'Open Daywise', url: reminder.itemUrl },
    notes: ['You get this email because Email Notifications is on in your Daywise settings.'],
    footerLink: { label: 'Turn off reminder emails', url: reminder.unsubscribeUrl },
  });
