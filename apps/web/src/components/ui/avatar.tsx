function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

/**
 * The first letter of the user's name on a round badge; `className` sets its size and type. Hidden
 * from screen readers: the name itself is always written beside it.
 */
export function Avatar({ name, className }: { name: string; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-brand text-white ${className}`}
    >
      {initialOf(name)}
    </span>
  );
}
