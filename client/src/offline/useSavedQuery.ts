import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUserId } from '../session/useSession';
import { answerOrSaved, savedView, saveView } from './store';

/**
 * A query a scorecard needs without network: its answer is saved in IndexedDB under `name` (per user), and
 * shown from there when the server gives no answer at all (docs/app.md, "Offline"). Asked even while the
 * browser says it is offline (`networkMode: 'always'`), so that the saved copy shows at once.
 */
export function useSavedQuery<T>(input: {
  queryKey: QueryKey;
  name: string;
  fetch(): Promise<T>;
  refetchInterval?: number | false;
}) {
  const userId = useUserId();
  const { name } = input;
  const query = useQuery({
    queryKey: input.queryKey,
    queryFn: () => answerOrSaved(input.fetch, () => savedView<T>(userId, name)),
    networkMode: 'always',
    ...(input.refetchInterval !== undefined ? { refetchInterval: input.refetchInterval } : {}),
  });
  useEffect(() => {
    if (query.data && userId) void saveView(userId, name, query.data).catch(() => undefined);
  }, [query.data, userId, name]);
  return query;
}
