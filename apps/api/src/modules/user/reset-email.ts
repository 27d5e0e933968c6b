import { formatAddress, telHref, type Business } from '@app/shared';
import type { Mail } from '../../plugins/mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The password reset email, in plain text and in HTML that reads well in any mail client. */
export function buildResetEmail(options: {
  to: string;
  name: string;
  link: string;
  business: Business;
}): Mail {
  const { business, link } = options;
  const name = options.name.trim() || 'there';
  const subject = `Reset your ${business.name} password`;
  const text = [
    `Hi ${name},`,
    '',
    `We received a request to reset the password of your ${business.name} account.`,
    'Open this link to choose a new password (it works once, for one hour):',
    '',
    link,
    '',
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
    '',
    `${business.name} · ${business.phone} · ${business.email}`,
    formatAddress(business),
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc;padding:32px 16px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="background:#0b1f3a;padding:24px 32px;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(business.name)}</td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">We received a request to reset the password of your ${escapeHtml(business.name)} account. The button below works once, for one hour.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#f59e0b;color:#0b1f3a;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px">Reset Password</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#16325c">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:14px;color:#475569;line-height:1.5">If you did not ask for this, you can ignore this email: your password stays as it is.</p>
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">${escapeHtml(business.name)} · <a href="${telHref(business.phone)}" style="color:#16325c">${escapeHtml(business.phone)}</a> · <a href="mailto:${escapeHtml(business.email)}" style="color:#16325c">${escapeHtml(business.email)}</a><br>${escapeHtml(formatAddress(business))}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: options.to, subject, text, html };
}
