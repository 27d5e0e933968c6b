import type { Business } from '@app/shared';
import { escapeHtml, htmlLayout, textLayout } from './layout.ts';
import type { Mail } from './transport.ts';

/** The password reset email: a link that works once, for one hour. */
export function passwordResetEmail(options: {
  to: string;
  name: string;
  link: string;
  business: Business;
}): Mail {
  const { business, link } = options;
  const name = options.name.trim() || 'there';
  const subject = `Reset your ${business.name} password`;
  const text = textLayout(business, [
    `Hi ${name},`,
    '',
    `We received a request to reset the password of your ${business.name} account.`,
    'Open this link to choose a new password (it works once, for one hour):',
    '',
    link,
    '',
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
  ]);
  const html = htmlLayout(
    business,
    `<p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">We received a request to reset the password of your ${escapeHtml(business.name)} account. The button below works once, for one hour.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#f59e0b;color:#0b1f3a;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px">Reset Password</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#16325c">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:14px;color:#475569;line-height:1.5">If you did not ask for this, you can ignore this email: your password stays as it is.</p>`,
  );
  return { to: options.to, subject, text, html };
}
