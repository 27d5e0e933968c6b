import { telHref } from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { ForgotPasswordForm } from '../features/account/components/forgot-password-form.tsx';
import { AuthLayout } from '../features/account/components/auth-layout.tsx';
import { BackToLogin } from '../features/account/components/back-to-login.tsx';

const linkClass =
  'font-semibold text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand';

/** /forgot-password: asks for the account's email and sends a reset link to it. */
export default function ForgotPasswordPage() {
  return (
    <AuthLayout
      kicker="Account help"
      title="Forgot your password?"
      titleId="forgot-title"
      intro={<p>Enter the email you signed up with and we&apos;ll send you a reset link.</p>}
    >
      <PageMeta
        title="Forgot Password"
        description={`Forgot your ${BUSINESS.name} password? Enter the email you signed up with and we'll send you a reset link.`}
      />
      <ForgotPasswordForm titleId="forgot-title" />

      <p className="mt-6 text-sm leading-6 text-ink-muted">
        Didn&apos;t get the email? Check your spam or junk folder, or call us at{' '}
        <a href={telHref(BUSINESS.phone)} className={`${linkClass} whitespace-nowrap`}>
          {BUSINESS.phone}
        </a>
        .
      </p>

      <BackToLogin className="mt-4" />
    </AuthLayout>
  );
}
