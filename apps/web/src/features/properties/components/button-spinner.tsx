/** A small decorative spinner inside a busy button; the button's text says what is happening. */
export function ButtonSpinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 shrink-0 motion-safe:animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}
