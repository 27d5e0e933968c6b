import { formatAddress, telHref, type Business } from '@app/shared';

/** Text made safe to put in HTML, between tags or in a quoted attribute. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Every email's HTML: the business's name as a header, the template's rows of content, and a
 * footer with its phone, email and address; tables and inline styles, which read well in any
 * mail client. `content` is HTML the template has escaped.
 */
export function htmlLayout(business: Business, content: string): string {
  return `<!doctype html>
<html lang="en"><body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc;padding:32px 16px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="background:#0b1f3a;padding:24px 32px;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(business.name)}</td></tr>
<tr><td style="padding:32px">
${content}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">${escapeHtml(business.name)} · <a href="${telHref(business.phone)}" style="color:#16325c">${escapeHtml(business.phone)}</a> · <a href="mailto:${escapeHtml(business.email)}" style="color:#16325c">${escapeHtml(business.email)}</a><br>${escapeHtml(formatAddress(business))}</td></tr>
</table></td></tr></table></body></html>`;
}

/** Every email's plain text: the template's lines, then the same footer as the HTML. */
export function textLayout(business: Business, lines: string[]): string {
  return [
    ...lines,
    '',
    `${business.name} · ${business.phone} · ${business.email}`,
    formatAddress(business),
  ].join('\n');
}
