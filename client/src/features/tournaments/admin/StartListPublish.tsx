import { useState } from 'react';
import { formatDateTime } from '../../../../../shared/format/dates';
import { entryUserIds } from '../../../../../shared/format/entry';
import type { EntryView, TournamentView } from '../../../../../shared/schemas/tournaments';
import { START_LIST_PUBLISHABLE } from '../../../../../shared/tournament-rules';
import { useLanguage } from '../../../i18n';
import { describeApiError } from '../../../lib/api-error';
import { trpc } from '../../../trpc';
import { Alert, Button, Card, FormError } from '../../../ui';
import { useRefresh } from './refresh';

/** The players with an account who start in some round: those a publication mails (guests have no address). */
export function playersToTell(entries: readonly EntryView[]): number {
  return new Set(entries.filter((e) => e.groups.length > 0).flatMap(entryUserIds)).size;
}

/**
 * Publishing the start list (decision 0428): one press mails every player their start, and pushes it to the
 * phones that asked. It is asked in words first, because it cannot be taken back. Once published, the card
 * says when, and that later changes reach only the players they move (the server does that on each save).
 */
export function StartListPublish({ t, entries }: { t: TournamentView; entries: EntryView[] }) {
  const { t: tr, language } = useLanguage();
  const refresh = useRefresh(t);
  const [asking, setAsking] = useState(false);
  const publish = trpc.tournaments.publishStartList.useMutation({
    onSuccess: () => {
      setAsking(false);
      refresh();
    },
  });
  const players = playersToTell(entries);
  if (!START_LIST_PUBLISHABLE.includes(t.status) || players === 0) return null;
  const publishedAt = publish.data?.publishedAt ?? t.startListPublishedAt;
  return (
    <Card title={tr('tournaments.admin.publishTitle')} data-testid="start-list-publish">
      <FormError error={describeApiError(publish.error)} />
      {publish.data ? (
        <Alert tone="success">
          <p data-testid="start-list-notified">
            {publish.data.notified > 0
              ? tr('tournaments.admin.notified', { count: publish.data.notified })
              : tr('tournaments.admin.notifiedNone')}
          </p>
        </Alert>
      ) : null}
      {publishedAt ? (
        <>
          <p data-testid="start-list-published">
            {tr('tournaments.admin.published', { at: formatDateTime(new Date(publishedAt), language) })}
          </p>
          <p className="small muted">{tr('tournaments.admin.publishedHint')}</p>
        </>
      ) : asking ? (
        <fieldset className="confirm-box" aria-labelledby="confirm-publish">
          <p id="confirm-publish">
            <strong>{tr('tournaments.admin.publishQuestion', { count: players })}</strong>
          </p>
          <p>{tr('tournaments.admin.publishOnce')}</p>
          <div className="row">
            <Button
              busy={publish.isPending}
              onClick={() => publish.mutate({ organizationId: t.organizationId, tournamentId: t.id })}
            >
              {tr('tournaments.admin.publishYes')}
            </Button>
            <Button variant="link" onClick={() => setAsking(false)}>
              {tr('tournaments.screen.cancel')}
            </Button>
          </div>
        </fieldset>
      ) : (
        <>
          <p className="small muted">{tr('tournaments.admin.publishIntro')}</p>
          <Button block onClick={() => setAsking(true)}>
            {tr('tournaments.admin.publish')}
          </Button>
        </>
      )}
    </Card>
  );
}
