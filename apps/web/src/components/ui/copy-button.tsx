import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy, Download } from 'lucide-react';
import { buttonSecondary } from './styles.ts';

/**
 * A button that copies `text` to the clipboard and says so beside it (a status message, read by
 * screen readers). Where the browser refuses the clipboard, it says to copy by hand.
 */
export function CopyButton({
  text,
  label,
  done,
  className = '',
}: {
  text: string;
  /** What the button says: "Copy key". */
  label: string;
  /** What is said once copied: "Key copied." */
  done: string;
  className?: string;
}) {
  const [copied, setCopied] = useState<{ text: string; said: string }>();
  const statusId = useId();
  // What was said of another text (the key renewed) no longer holds.
  const said = copied?.text === text ? copied.said : '';
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ text, said: done });
    } catch {
      setCopied({
        text,
        said: 'This browser would not copy: select the text and copy it by hand.',
      });
    }
  }
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <button
        type="button"
        onClick={() => void copy()}
        aria-describedby={statusId}
        className={buttonSecondary}
      >
        {said === done ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {label}
      </button>
      <span id={statusId} role="status" className="text-sm text-ink-muted">
        {said}
      </span>
    </span>
  );
}

/** A link that downloads `text` as a plain-text file named `fileName` (a Blob of its own). */
export function DownloadTextLink({
  text,
  fileName,
  label,
  className = '',
}: {
  text: string;
  fileName: string;
  label: string;
  className?: string;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // The file's address is made and revoked here, each run its own, and set on the link itself.
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    link.current?.setAttribute('href', url);
    return () => URL.revokeObjectURL(url);
  }, [text]);
  return (
    <a ref={link} download={fileName} className={`${buttonSecondary} ${className}`}>
      <Download className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}
