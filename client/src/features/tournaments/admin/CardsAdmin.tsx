import { useState } from 'react';
import type { TournamentView } from '../../../../../shared/schemas/tournaments';
import { useLanguage } from '../../../i18n';
import { describeApiError } from '../../../lib/api-error';
import { trpc } from '../../../trpc';
import { Button, Card, FormError, Loading, SelectField } from '../../../ui';
import { signatureText } from '../card';

/** Signed cards while play goes on: who has signed, and unlocking one (written to the audit log). */
export function CardsAdmin({ t }: { t: TournamentView }) {
  const utils = trpc.useUtils();
  const { t: tr } = useLanguage();
  const rounds = [...t.rounds].sort((a, b) => a.number - b.number);
  const [round, setRound] = useState(rounds[0]?.number ?? 1);
  const input = { organizationId: t.organizationId, tournamentId: t.id, round };
  const cards = trpc.tournaments.cards.useQuery(input, { refetchInterval: 15_000 });
  const [asking, setAsking] = useState<string | null>(null);
  const unlock = trpc.tournaments.signCard.useMutation({
    onSuccess: () => {
      setAsking(null);
      void utils.tournaments.cards.invalidate(input);
    },
  });
  return (
    <Card title={tr('tournaments.scorecard.title')}>
      {rounds.length > 1 ? (
        <SelectField
          label={tr('tournaments.scorecard.roundLabel')}
          value={String(round)}
          onChange={(e) => setRound(Number(e.target.value))}
        >
          {rounds.map((r) => (
            <option key={r.number} value={r.number}>
              {tr('tournaments.scorecard.round', { number: r.number })}
            </option>
          ))}
        </SelectField>
      ) : null}
      <FormError error={describeApiError(unlock.error ?? cards.error)} />
      {!cards.data ? (
        <Loading text={tr('tournaments.admin.loadingCards')} />
      ) : (
        <ul className="list" aria-label={tr('tournaments.admin.cards')}>
          {cards.data.cards.map((c) => {
            const played = c.strokes.filter((s) => s !== null).length;
            const signed = c.locked || c.signedByPlayer || c.signedByMarker;
            return (
              <li key={c.entryId} className="entry-row" data-testid="admin-card">
                <div>
                  <strong>{c.name}</strong>
                  <div className="small muted">
                    {tr('tournaments.admin.played', { count: played })} · {signatureText(c, tr)}
                  </div>
                </div>
                {signed ? (
                  asking === c.entryId ? (
                    <div className="confirm-box">
                      <p className="small">{tr('tournaments.admin.unlockQuestion', { name: c.name })}</p>
                      <Button
                        size="small"
                        variant="danger"
                        busy={unlock.isPending}
                        onClick={() => unlock.mutate({ ...input, entryId: c.entryId, unlock: true })}
                      >
                        {tr('tournaments.admin.yesUnlock')}
                      </Button>
                      <Button size="small" variant="link" onClick={() => setAsking(null)}>
                        {tr('tournaments.screen.cancel')}
                      </Button>
                    </div>
                  ) : (
                    <Button
                      size="small"
                      variant="secondary"
                      onClick={() => setAsking(c.entryId)}
                      aria-label={tr('tournaments.admin.unlockName', { name: c.name })}
                    >
                      {tr('tournaments.admin.unlock')}
                    </Button>
                  )
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
