import { useState } from 'react';
import { useSearch } from 'wouter';
import { DEFAULT_AFTER_LOGIN, safeNextPath } from '../lib/next-path.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { AuthLayout } from '../features/account/components/auth-layout.tsx';
import {
  LOGIN_COPY,
  LoginForm,
  type LoginMode,
} from '../features/account/components/login-form.tsx';

/** /login: one form for Login and Sign Up, plus Google sign-in when configured. */
export default function LoginPage() {
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const [mode, setMode] = useState<LoginMode>('login');
  const copy = LOGIN_COPY[mode];
  return (
    <AuthLayout
      kicker={copy.kicker}
      title={copy.title}
      titleId="login-title"
      intro={<p>{copy.intro}</p>}
    >
      <PageMeta title={copy.title} description={copy.intro} />
      <LoginForm
        mode={mode}
        onModeChange={setMode}
        next={next ?? DEFAULT_AFTER_LOGIN}
        titleId="login-title"
      />
    </AuthLayout>
  );
}
