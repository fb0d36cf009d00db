import { useState } from 'react';
import type { EntryView, TournamentView } from '../../../../../shared/schemas/tournaments';
import { useLanguage } from '../../../i18n';
import { shownName } from '../../../i18n/names';
import { describeApiError } from '../../../lib/api-error';
import { formatHandicapIndex } from '../../../lib/handicap';
import { trpc } from '../../../trpc';
import { Button, Card, FormError } from '../../../ui';
import { DivisionSelect } from '../DivisionSelect';
import { canManageEntries } from '../tournament';
import { AddGuest } from './AddGuest';
import { AddMember } from './AddMember';
import { AddTeam } from './AddTeam';
import { EntryPlayers } from '../EntryPlayers';
import { ChangeDivision } from './ChangeDivision';
import { useRefresh } from './refresh';
import { entryName, entryIndexes, isGuestEntry, isTeamEntry } from '../../../../../shared/format/entry';

/**
 * Entries for organizers: add a member found by search (the club's member list filtered as you type), add
 * a guest, or in a team format a team of members and guests (AddTeam); change a division, withdraw. The API has no "move to another division": a change is a
 * withdrawal and a new entry in the chosen division (decision 0505), which also takes the player out of
 * the start list, and it is said so before.
 */
export function EntriesAdmin({ t, entries }: { t: TournamentView; entries: EntryView[] }) {
  const { t: tr } = useLanguage();
  const refresh = useRefresh(t);
  const ids = { organizationId: t.organizationId, tournamentId: t.id };
  const enter = trpc.tournaments.enter.useMutation({ onSuccess: refresh });
  const withdraw = trpc.tournaments.withdraw.useMutation({ onSuccess: refresh, onMutate: () => enter.reset() });
  const promote = trpc.tournaments.promoteEntry.useMutation({ onSuccess: refresh });
  const [division, setDivision] = useState('');
  const manage = canManageEntries(t.status);
  const withdrawable = t.status !== 'finished' && t.status !== 'cancelled';
  if (!manage && !withdrawable) return null;
  const divisionChoice = division ? { divisionId: division } : {};

  return (
    <Card title={tr('tournaments.admin.entries')}>
      {manage ? (
        <>
          {t.divisions.length > 1 ? (
            <DivisionSelect
              divisions={t.divisions}
              label={tr('tournaments.admin.newEntryDivision')}
              none={tr('tournaments.admin.byHandicap')}
              hint={tr('tournaments.admin.newEntryDivisionHint')}
              value={division}
              onChange={setDivision}
            />
          ) : null}
          {t.teamSize > 1 ? (
            <AddTeam
              t={t}
              entries={entries}
              busy={enter.isPending}
              error={enter.variables?.players ? enter.error : null}
              onEnter={(team) => enter.mutate({ ...ids, ...team, ...divisionChoice })}
            />
          ) : (
            <>
              <AddMember
                t={t}
                entries={entries}
                busy={enter.isPending}
                onEnter={(userId) => enter.mutate({ ...ids, userId, ...divisionChoice })}
              />
              <AddGuest
                busy={enter.isPending}
                error={enter.variables?.guest ? enter.error : null}
                onEnter={(guest) => enter.mutate({ ...ids, guest, ...divisionChoice })}
              />
            </>
          )}
          {enter.error && !enter.variables?.guest && !enter.variables?.players ? (
            <FormError error={describeApiError(enter.error)} />
          ) : null}
          {enter.isSuccess ? (
            <p className="small" role="status">
              {tr('tournaments.admin.entered', { name: entryName(enter.data), division: enter.data.division.name })}
            </p>
          ) : null}
        </>
      ) : null}
      <FormError error={describeApiError(withdraw.error ?? promote.error)} />
      <ul className="list" aria-label={tr('tournaments.admin.enteredPlayers')}>
        {entries.map((e) => (
          <EntryRow
            key={e.id}
            t={t}
            entry={e}
            manage={manage}
            withdrawable={withdrawable}
            onWithdraw={() => withdraw.mutate({ ...ids, entryId: e.id })}
            onPromote={() => promote.mutate({ ...ids, entryId: e.id })}
            busy={withdraw.isPending && withdraw.variables?.entryId === e.id}
            promoting={promote.isPending && promote.variables?.entryId === e.id}
          />
        ))}
      </ul>
    </Card>
  );
}

function EntryRow({
  t,
  entry,
  manage,
  withdrawable,
  busy,
  promoting,
  onWithdraw,
  onPromote,
}: {
  t: TournamentView;
  entry: EntryView;
  manage: boolean;
  withdrawable: boolean;
  busy: boolean;
  promoting: boolean;
  onWithdraw(): void;
  onPromote(): void;
}) {
  const { t: tr, language } = useLanguage();
  const [sure, setSure] = useState(false);
  return (
    <li className="entry-row" data-testid="admin-entry">
      <div>
        <strong>{shownName(entryName(entry), language)}</strong>
        {isGuestEntry(entry) ? ` ${tr('tournaments.screen.guest')}` : ''}
        <EntryPlayers entry={entry} />
        {entry.waitlisted ? (
          <div className="small" data-testid="admin-waiting">
            {tr('tournaments.admin.waiting', { place: entry.waitlistPosition ?? 0 })}
          </div>
        ) : null}
        <div className="small muted">
          {entry.division.name}
          {/* A team's players carry their indexes above. */}
          {isTeamEntry(entry)
            ? ''
            : ` · ${tr('tournaments.screen.index', {
                index: entryIndexes(entry)
                  .map((index) => formatHandicapIndex(index, language))
                  .join(' / '),
              })}`}
        </div>
      </div>
      <div className="actions">
        {manage && entry.waitlisted ? (
          <Button
            size="small"
            variant="secondary"
            busy={promoting}
            onClick={onPromote}
            aria-label={tr('tournaments.admin.promoteName', { name: entryName(entry) })}
          >
            {tr('tournaments.admin.promote')}
          </Button>
        ) : null}
        {manage && t.divisions.length > 1 ? <ChangeDivision t={t} entry={entry} /> : null}
        {withdrawable ? (
          sure ? (
            <>
              <Button
                size="small"
                variant="danger"
                busy={busy}
                onClick={onWithdraw}
                aria-label={tr('tournaments.admin.yesWithdrawName', { name: entryName(entry) })}
              >
                {tr('tournaments.admin.yesWithdraw')}
              </Button>
              <Button size="small" variant="link" onClick={() => setSure(false)}>
                {tr('tournaments.screen.cancel')}
              </Button>
            </>
          ) : (
            <Button
              size="small"
              variant="secondary"
              onClick={() => setSure(true)}
              aria-label={tr('tournaments.admin.withdrawName', { name: entryName(entry) })}
            >
              {tr('tournaments.admin.withdraw')}
            </Button>
          )
        ) : null}
      </div>
    </li>
  );
}
