import { Link } from 'wouter';
import type { RoundView } from '../../../../shared/schemas/rounds';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Button, Card, FormError } from '../../ui';
import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import { attestRows, type AttestRow } from './attest';
import { holeListText } from '../scorecard/scorecard';

/**
 * A finished round's cards into the handicap record (decision 0419): a co-player with an account attests
 * another account's card ("Attester kortet"), everyone in the round sees who attested, the player
 * their own differential, and the attester may take it back within 24 hours. Attesting sends no live update, so the
 * round is read again after each change.
 */
export function AttestCards({ view, userId }: { view: RoundView; userId: string }) {
  const { t } = useLanguage();
  const rows = attestRows(view, userId, Date.now());
  if (rows.length === 0) return null;
  return (
    <Card title={t('rounds.attest.title')} data-testid="attest">
      <p className="small muted">{t('rounds.attest.intro')}</p>
      <ul className="list" aria-label={t('rounds.attest.list')}>
        {rows.map((row) => (
          <AttestItem key={row.player.id} roundId={view.id} row={row} />
        ))}
      </ul>
    </Card>
  );
}

function AttestItem({ roundId, row }: { roundId: string; row: AttestRow }) {
  const { t, language } = useLanguage();
  const utils = trpc.useUtils();
  // The mutation stays busy until the round is read again, so the button does not come back meanwhile.
  const refresh = () => utils.rounds.get.invalidate({ roundId });
  const attest = trpc.rounds.attest.useMutation({ onSuccess: refresh });
  const withdraw = trpc.rounds.withdrawAttestation.useMutation({ onSuccess: refresh });
  const { player } = row;
  const input = { roundId, participantId: player.id };
  return (
    <li data-testid="attest-row">
      <p className="attest-name">
        <strong>{player.name}</strong>
      </p>
      {row.kind === 'attested' ? (
        <>
          <p className="attest-status" data-testid="attested-by">
            <span aria-hidden="true">✓ </span>
            {t('rounds.attest.attestedBy', { name: shownName(row.attestation.attestedBy.name, language) })}
          </p>
          {row.own ? <OwnDifferential roundId={roundId} /> : null}
          {row.mayWithdraw ? (
            <>
              <Button
                variant="secondary"
                busy={withdraw.isPending}
                onClick={() => withdraw.mutate(input)}
                aria-label={t('rounds.attest.withdrawFor', { name: player.name })}
              >
                {t('rounds.attest.withdraw')}
              </Button>
              <p className="small muted">{t('rounds.attest.withdrawHint')}</p>
            </>
          ) : null}
        </>
      ) : row.kind === 'attest' ? (
        <Button
          block
          busy={attest.isPending}
          onClick={() => attest.mutate(input)}
          aria-label={t('rounds.attest.attestFor', { name: player.name })}
        >
          {t('rounds.attest.attest')}
        </Button>
      ) : row.kind === 'missing' ? (
        <p className="small" data-testid="attest-missing">
          {t('rounds.attest.missing', { count: row.holes.length, holes: holeListText(row.holes, language) })}
        </p>
      ) : row.kind === 'own' ? (
        <p className="small">{t('rounds.attest.waitingForYou')}</p>
      ) : (
        <p className="small muted">{t('rounds.attest.notAttested')}</p>
      )}
      {row.kind === 'own' || (row.kind === 'attested' && row.own) ? (
        <p className="small">
          <Link href={ROUTES.handicap}>{t('rounds.attest.toRecord')}</Link>
        </p>
      ) : null}
      <FormError error={describeApiError(attest.error ?? withdraw.error)} />
    </li>
  );
}

/**
 * The viewer's own score's differential, from their own record: the round does not carry differentials,
 * which with the adjusted gross would give away the tee's rating (decision 0419).
 */
function OwnDifferential({ roundId }: { roundId: string }) {
  const { t, language } = useLanguage();
  const record = trpc.handicap.record.useQuery();
  const score = record.data?.scores.find((s) => s.round?.id === roundId);
  if (!score) return null;
  return (
    <p className="attest-differential" data-testid="attest-differential">
      {score.differential === null
        ? t('rounds.attest.nineHoles')
        : t('rounds.attest.differential', { value: formatHandicapIndex(score.differential, language) })}
    </p>
  );
}
