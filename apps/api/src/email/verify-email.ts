import type { Business } from '@app/shared';
import { escapeHtml, htmlLayout, textLayout } from './layout.ts';
import type { Mail } from './transport.ts';

/** The address confirmation email: a link that works once, for a day, to a page with a button. */
export function verifyEmailEmail(options: {
  to: string;
  name: string;
  link: string;
  business: Business;
}): Mail {
  const { business, link } = options;
  const name = options.name.trim() || 'there';
  const subject = `Confirm your email address for ${business.name}`;
  const text = textLayout(business, [
    `Hi ${name},`,
    '',
    `Please confirm that this is the email address of your ${business.name} account.`,
    'Open this link and press "Confirm Email" (it works once, for 24 hours):',
    '',
    link,
    '',
    'If you did not create an account, you can ignore this email.',
  ]);
  const html = htmlLayout(
    business,
    `<p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">Please confirm that this is the email address of your ${escapeHtml(business.name)} account. The button below works once, for 24 hours.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#f59e0b;color:#0b1f3a;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px">Confirm Email</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#16325c">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:14px;color:#475569;line-height:1.5">If you did not create an account, you can ignore this email.</p>`,
  );
  return { to: options.to, subject, text, html };
}
