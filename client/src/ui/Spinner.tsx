/** A spinner; `label` is read by screen readers (empty when the surrounding text already says it). */
export function Spinner({ label = 'Laster …' }: { label?: string }) {
  return (
    <span
      className="spinner"
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
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
