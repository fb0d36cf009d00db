import type { ApiErrorView } from '../../lib/api-error';

/** The failure of an action on one row of a list (a member, an invitation), said on that row. */
export function RowError({ error }: { error: ApiErrorView | null }) {
  if (!error) return null;
  return (
    <p className="small error-text" role="alert">
      {error.message}
    </p>
  );
}
