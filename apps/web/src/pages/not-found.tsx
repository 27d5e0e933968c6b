import { Link, useRouter, type SsrContext } from 'wouter';
import { ArrowLeft, MapPinOff } from 'lucide-react';
import { BUSINESS } from '../config/env.ts';
import { buttonPrimary, container } from '../components/ui/styles.ts';
import { PageMeta } from '../components/page-meta.tsx';

/** Any unknown path, a missing service, or a signed-out-only page seen while signed in. */
export default function NotFoundPage() {
  answerNotFound(useRouter().ssrContext);
  return (
    <div
      className={`${container} flex min-h-[60vh] flex-col items-center justify-center py-16 text-center`}
    >
      <PageMeta
        title="Page Not Found"
        description={`This page does not exist on the ${BUSINESS.name} site. The page may have moved, or the link may be mistyped.`}
      />
      <span
        className="flex size-16 items-center justify-center rounded-2xl bg-brand-tint text-brand"
        aria-hidden="true"
      >
        <MapPinOff className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-ink-muted uppercase">
        Error 404
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-4xl">
        Page Not Found
      </h1>
      <p className="mt-4 max-w-md text-ink-muted">
        This road doesn&apos;t go anywhere. The page may have moved, or the link may be mistyped.
      </p>
      <Link href="/" className={`${buttonPrimary} mt-8`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </Link>
    </div>
  );
}

/** Drawn on the server, the page is answered with a 404 status (ssr/entry.tsx). */
function answerNotFound(ssrContext: SsrContext | undefined): void {
  if (ssrContext) ssrContext.statusCode = 404;
}
