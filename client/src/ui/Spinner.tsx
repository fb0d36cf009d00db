/** A spinner; `label` is read by screen readers (empty when the surrounding text already says it). */
export function Spinner({ label = 'Laster …' }: { label?: string }) {
  if (!label) return <span className="spinner" aria-hidden="true" />;
  return <span className="spinner" role="status" aria-label={label} />;
}

/** The designed loading state of a screen or a section: never a blank area. */
export function Loading({ text = 'Laster …' }: { text?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
