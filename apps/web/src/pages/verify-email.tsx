import { useParams } from 'wouter';
import { BUSINESS } from '../config/env.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { AuthLayout } from '../features/account/components/auth-layout.tsx';
import { VerifyEmailForm } from '../features/account/components/verify-email-form.tsx';

/** /verify-email/{token}: confirms the address from the emailed link, with a button press. */
export default function VerifyEmailPage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <AuthLayout
      kicker="Account help"
      title="Confirm your email address"
      titleId="verify-title"
      intro={
        <p>
          Press the button to confirm that this address belongs to your {BUSINESS.name} account.
        </p>
      }
    >
      <PageMeta
        title="Confirm Email"
        description={`Confirm the email address of your ${BUSINESS.name} account.`}
      />
      <VerifyEmailForm token={token} titleId="verify-title" />
    </AuthLayout>
  );
}
