import type { Business } from '@app/shared';
import { escapeHtml, htmlLayout, textLayout } from './layout.ts';
import type { Mail } from './transport.ts';

/**
 * A new chauffeur's invitation: who invites them, a link to set their password (once, for a
 * day), the authenticator app the first sign-in asks for, and where their day sheet is.
 */
export function chauffeurInviteEmail(options: {
  to: string;
  name: string;
  link: string;
  publicBaseUrl: string;
  business: Business;
}): Mail {
  const { business, link } = options;
  const name = options.name.trim() || 'there';
  const drive = `${options.publicBaseUrl}/drive`;
  const subject = `${business.name} invites you to drive`;
  const text = textLayout(business, [
    `Hi ${name},`,
    '',
    `${business.name} has added you as a chauffeur.`,
    'Set your password with this link (it works once, for 24 hours):',
    '',
    link,
    '',
    'The first time you sign in, you will be asked to set up an authenticator app for a second sign-in step.',
    `Then your day sheet, the rides you drive, is at ${drive}`,
    '',
    'If you did not expect this, you can ignore this email.',
  ]);
  const html = htmlLayout(
    business,
    `<p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(business.name)} has added you as a chauffeur. Set your password with the button below: it works once, for 24 hours.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#f59e0b;color:#0b1f3a;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px">Set Your Password</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#16325c">${escapeHtml(link)}</a></p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">The first time you sign in, you will be asked to set up an authenticator app for a second sign-in step. Then your day sheet, the rides you drive, is at <a href="${escapeHtml(drive)}" style="color:#16325c">${escapeHtml(drive)}</a>.</p>
<p style="margin:0;font-size:14px;color:#475569;line-height:1.5">If you did not expect this, you can ignore this email.</p>`,
  );
  return { to: options.to, subject, text, html };
}
