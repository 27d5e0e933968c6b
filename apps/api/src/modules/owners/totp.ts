import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Codes of the step before and after now are taken too (clocks drift, people type slowly). */
const WINDOW_STEPS = 1;

/** A new secret: 160 random bits (RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: { issuer: string; label: string }): string {
  return new TOTP({
    ...TOTP_SETTINGS,
    issuer: account.issuer,
    label: account.label,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** The QR code of a URI, as an SVG document. */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/**
 * The time step a code belongs to, when it is a code of this secret within a step of now; else
 * null. The caller refuses a step not greater than the last one taken (no replay).
 */
export function stepOfCode(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    ...TOTP_SETTINGS,
    secret: Secret.fromBase32(secret),
    token: code,
    timestamp,
    window: WINDOW_STEPS,
  });
  return delta === null ? null : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp }) + delta;
}
