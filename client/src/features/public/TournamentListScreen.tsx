import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { ApiErrorAlert, Button, Card, EmptyState, Loading, Page } from '../../ui';
import { STATUS_TEXT } from './format';
import { formatDays } from '../../../../shared/format/dates';
import { useLanguage } from '../../i18n';

const PAGE_SIZE = 20;

/** Waits until typing stops before the value is used (one search per pause, not per key). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** `/turneringer`: the public tournaments (and a member's own clubs' members-only ones), with search. */
export default function TournamentListScreen() {
  const { t: tr, language } = useLanguage();
  const { client } = trpc.useUtils();
  const [text, setText] = useState('');
  const q = useSettled(text.trim(), 300);
  const inputId = useId();
  const list = useInfiniteQuery({
    queryKey: ['public.tournaments', q],
    queryFn: ({ pageParam }) =>
      client.public.tournaments.query({
        limit: PAGE_SIZE,
        ...(q ? { q } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });
  const tournaments = list.data?.pages.flatMap((p) => p.tournaments) ?? [];
  return (
    <Page title={tr('publicTournaments.title')}>
      {/* biome-ignore lint/a11y/useSemanticElements: with <search> around the form, the browser test found no items in the result list by role; kept as a form with role search */}
      <form role="search" onSubmit={(e) => e.preventDefault()} className="field">
        <label htmlFor={inputId}>{tr('publicTournaments.search')}</label>
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          enterKeyHint="search"
        />
      </form>
      {list.isPending ? (
        <Loading text={tr('publicTournaments.loadingList')} />
      ) : list.error ? (
        <ApiErrorAlert error={list.error} />
      ) : tournaments.length === 0 ? (
        <EmptyState title={q ? tr('publicTournaments.noMatch', { q }) : tr('publicTournaments.noneYet')} />
      ) : (
        <Card>
          <ul className="list" aria-label={tr('publicTournaments.title')} data-testid="tournament-list">
            {tournaments.map((t) => (
              <li key={t.id}>
                <Link className="item" href={ROUTES.publicTournament(t.slug)}>
                  <span>
                    <strong>{t.name}</strong>
                    <span className="small muted" style={{ display: 'block' }}>
                      {t.organization.name}
                      {t.rounds.length
                        ? ` · ${formatDays(
                            t.rounds.map((r) => r.playedOn),
                            language,
                          )}`
                        : ''}
                      {t.visibility === 'members' ? ` · ${tr('publicTournaments.membersOnly')}` : ''}
                    </span>
                  </span>
                  <span
                    className={
                      t.status === 'in_progress' ? 'badge' : t.status === 'cancelled' ? 'badge warn' : 'badge gray'
                    }
                  >
                    {STATUS_TEXT[language][t.status]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {list.hasNextPage ? (
        <Button variant="secondary" block busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {tr('publicTournaments.more')}
        </Button>
      ) : null}
    </Page>
  );
}
