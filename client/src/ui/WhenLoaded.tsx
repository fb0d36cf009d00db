import type { ReactNode } from 'react';
import { describeApiError } from '../lib/api-error';
import { Alert } from './Alert';
import { Loading } from './Spinner';

/** What this needs of a query: tanstack's result (and tRPC's) fits as it is. */
interface QueryLike<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
}

/**
 * The three states every list on a screen has, said the same way everywhere: loading (with what is being
 * loaded), the failure's message, or the data; with `empty`, the designed empty state when `isEmpty` says so.
 * An error is shown even when older data is still at hand, as a refused refetch must not look like success.
 */
export function WhenLoaded<T>({
  query,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  /** What is loading ("Henter klubbene…"). */
  loading?: string;
  isEmpty?(data: T): boolean;
  empty?: ReactNode;
  children(data: T): ReactNode;
}) {
  if (query.isPending) return <Loading text={loading} />;
  if (query.error || query.data === undefined) {
    return (
      <Alert tone="error">
        <p>{describeApiError(query.error)?.message}</p>
      </Alert>
    );
  }
  if (empty !== undefined && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
