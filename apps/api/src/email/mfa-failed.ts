import { formatNewYorkTime, type Business } from '@app/shared';
import { escapeHtml, htmlLayout, textLayout } from './layout.ts';
import type { Mail } from './transport.ts';

/**
 * To a staff account whose sign-in got a wrong authenticator code: someone may have its
 * password. At most one per 15 minutes per account (`mfa_failed_notice_at`).
 */
export function mfaFailedEmail(options: {
  to: string;
  name: string;
  at: Date;
  publicBaseUrl: string;
  business: Business;
}): Mail {
  const { business } = options;
  const name = options.name.trim() || 'there';
  const when = `${formatNewYorkTime(options.at)} (New York time)`;
  const reset = `${options.publicBaseUrl}/forgot-password`;
  const subject = `A wrong sign-in code was entered for your ${business.name} account`;
  const lines = [
    `On ${when}, a sign-in to your ${business.name} account gave the right password but a wrong code from the authenticator app.`,
    'If that was not you, someone knows your password: change it now. Your authenticator app still keeps them out.',
  ];
  const text = textLayout(business, [
    `Hi ${name},`,
    '',
    ...lines,
    '',
    `Change your password: ${reset}`,
  ]);
  const html = htmlLayout(
    business,
    `<p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(name)},</p>
${lines.map((line) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:0"><a href="${escapeHtml(reset)}" style="color:#16325c">Change your password</a></p>`,
  );
  return { to: options.to, subject, text, html };
}
