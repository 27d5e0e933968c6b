import { useParams } from 'wouter';
import { BUSINESS } from '../config/env.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { AuthLayout } from '../features/account/components/auth-layout.tsx';
import { BackToLogin } from '../features/account/components/back-to-login.tsx';
import { ResetPasswordForm } from '../features/account/components/reset-password-form.tsx';

/** /reset-password/{token}: sets a new password from the emailed link. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <AuthLayout
      kicker="Account help"
      title="Set a new password"
      titleId="reset-title"
      intro={<p>Choose a strong password you don&apos;t use anywhere else.</p>}
    >
      <PageMeta
        title="Reset Password"
        description={`Set a new password for your ${BUSINESS.name} account.`}
      />
      <ResetPasswordForm token={token} titleId="reset-title" />
      <BackToLogin className="mt-6" />
    </AuthLayout>
  );
}
