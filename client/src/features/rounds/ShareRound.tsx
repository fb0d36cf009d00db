import { Link } from 'wouter';
import type { RoundView } from '../../../../shared/schemas/rounds';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Button, Card, FormError } from '../../ui';
import { useLanguage } from '../../i18n';

/**
 * A finished round in the public feed (decision 0507): the owner shares it ("Del i feeden") and
 * takes it back ("Fjern fra feeden"); everyone on the round sees whether it is shared (`view.shared`).
 * The answer of each mutation is written into the round held, so the state shown is the server's.
 */
export function ShareRound({ view, owner }: { view: RoundView; owner: boolean }) {
  const utils = trpc.useUtils();
  const { t } = useLanguage();
  const setShared = (shared: boolean) =>
    utils.rounds.get.setData({ roundId: view.id }, (held) => (held ? { ...held, shared } : held));
  const share = trpc.rounds.share.useMutation({ onSuccess: () => setShared(true) });
  const unshare = trpc.rounds.unshare.useMutation({ onSuccess: () => setShared(false) });
  if (view.status !== 'finished') return null;
  const busy = share.isPending || unshare.isPending;
  return (
    <Card title={t('rounds.share.title')} data-testid="share-round">
      <p role="status" data-testid="share-state">
        {view.shared ? (
          <>
            <span className="badge">{t('rounds.share.shared')}</span> {t('rounds.share.sharedBefore')}{' '}
            <Link href={ROUTES.feed}>{t('rounds.share.feed')}</Link> {t('rounds.share.sharedAfter')}
          </>
        ) : (
          <>
            <span className="badge gray">{t('rounds.share.notShared')}</span>{' '}
            {owner ? t('rounds.share.ownerHint') : t('rounds.share.othersHint')}
          </>
        )}
      </p>
      {owner ? (
        <>
          {view.shared ? (
            <Button
              variant="secondary"
              block
              busy={unshare.isPending}
              disabled={busy}
              onClick={() => unshare.mutate({ roundId: view.id })}
            >
              {t('rounds.share.unshare')}
            </Button>
          ) : (
            <Button block busy={share.isPending} disabled={busy} onClick={() => share.mutate({ roundId: view.id })}>
              {t('rounds.share.share')}
            </Button>
          )}
          <FormError error={describeApiError(share.error ?? unshare.error)} />
        </>
      ) : null}
    </Card>
  );
}
