import { useState } from 'react';
import type { EntryView, TournamentView } from '../../../../../shared/schemas/tournaments';
import { useLanguage } from '../../../i18n';
import { shownName } from '../../../i18n/names';
import { describeApiError } from '../../../lib/api-error';
import { trpc } from '../../../trpc';
import { Alert, Button } from '../../../ui';
import { DivisionSelect } from '../DivisionSelect';
import { useRefresh } from './refresh';
import { entryName, isTeamEntry } from '../../../../../shared/format/entry';

/** Withdraw, then enter again in the chosen division: the API's two steps, said before they are taken. */
export function ChangeDivision({ t, entry }: { t: TournamentView; entry: EntryView }) {
  const { t: tr, language } = useLanguage();
  const refresh = useRefresh(t);
  const ids = { organizationId: t.organizationId, tournamentId: t.id };
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const withdraw = trpc.tournaments.withdraw.useMutation();
  const enter = trpc.tournaments.enter.useMutation();
  const busy = withdraw.isPending || enter.isPending;

  async function change() {
    setError(null);
    try {
      await withdraw.mutateAsync({ ...ids, entryId: entry.id });
    } catch (e) {
      setError(describeApiError(e)?.message ?? null);
      return;
    }
    try {
      const who = enteredAgain(entry);
      await enter.mutateAsync({ ...ids, ...who, divisionId: to });
      setTo('');
    } catch (e) {
      setError(
        tr('tournaments.admin.changeFailed', { name: entryName(entry), message: describeApiError(e)?.message ?? '' }),
      );
    } finally {
      refresh();
    }
  }

  const others = t.divisions.filter((d) => d.id !== entry.division.id);
  return (
    <div>
      <DivisionSelect
        compact
        divisions={others}
        label={tr('tournaments.admin.newDivisionFor', { name: entryName(entry) })}
        none={tr('tournaments.admin.changeDivision')}
        value={to}
        onChange={setTo}
      />
      {to ? (
        <div className="confirm-box">
          <p className="small">
            {tr('tournaments.admin.changeQuestion', {
              name: shownName(entryName(entry), language),
              division: others.find((d) => d.id === to)?.name ?? '',
            })}
          </p>
          <Button size="small" busy={busy} onClick={() => void change()}>
            {tr('tournaments.admin.yesChange')}
          </Button>
          <Button size="small" variant="link" onClick={() => setTo('')}>
            {tr('tournaments.screen.cancel')}
          </Button>
        </div>
      ) : null}
      {error ? (
        <Alert tone="error">
          <p>{error}</p>
        </Alert>
      ) : null}
    </div>
  );
}

/** The same entry, to enter it again in another division: the player, or the team with its name. */
function enteredAgain(entry: EntryView) {
  if (isTeamEntry(entry))
    return {
      name: entry.name,
      players: entry.players.map((p) =>
        p.userId ? { userId: p.userId } : { guest: { name: p.name, handicapIndex: p.handicapIndex } },
      ),
    };
  return entry.player.userId
    ? { userId: entry.player.userId }
    : { guest: { name: entry.player.name, handicapIndex: entry.handicapIndex } };
}
