import { useState } from 'react';
import type { EntryView, TournamentView } from '../../../../../shared/schemas/tournaments';
import { entryUserIds } from '../../../../../shared/format/entry';
import { useLanguage } from '../../../i18n';
import { describeApiError, fieldError } from '../../../lib/api-error';
import { Button, FormError, TextField } from '../../../ui';
import {
  defaultTeamName,
  emptySlots,
  slotNames,
  teamPlayers,
  type TeamPlayerInput,
  type TeamSlot,
} from '../team-entry';
import { MemberSearch } from '../MemberSearch';

/**
 * A team of the tournament's size (decision 0426): each place a member found by search or a guest by name
 * and index, and an optional team name (the surnames joined " / " when left empty, as the server names it).
 */
export function AddTeam({
  t,
  entries,
  busy,
  error,
  onEnter,
}: {
  t: TournamentView;
  entries: EntryView[];
  busy: boolean;
  error: unknown;
  onEnter(team: { players: TeamPlayerInput[]; name?: string }): void;
}) {
  const { t: tr } = useLanguage();
  const [slots, setSlots] = useState<TeamSlot[]>(() => emptySlots(t.teamSize));
  const [name, setName] = useState('');
  const [mine, setMine] = useState<Record<string, string>>({});
  const server = describeApiError(error);
  const field = (path: string) => mine[path] ?? fieldError(server, path);
  const set = (i: number, patch: Partial<TeamSlot>) => {
    setSlots((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));
    setMine({});
  };
  // Members already entered, or already on this team, are not offered again.
  const excluded = new Set([
    ...entries.flatMap(entryUserIds),
    ...slots.flatMap((s) => (s.member ? [s.member.userId] : [])),
  ]);
  const shownDefault = defaultTeamName(slotNames(slots));
  const paths = slots.flatMap((_, i) => [
    `players.${i}`,
    `players.${i}.guest.name`,
    `players.${i}.guest.handicapIndex`,
  ]);

  return (
    <form
      className="side-box"
      noValidate
      data-testid="add-team"
      onSubmit={(e) => {
        e.preventDefault();
        const result = teamPlayers(slots, tr);
        if (!result.ok) {
          setMine(result.fields);
          return;
        }
        setMine({});
        onEnter({ players: result.players, ...(name.trim() ? { name: name.trim() } : {}) });
        setSlots(emptySlots(t.teamSize));
        setName('');
      }}
    >
      <h3>{tr('tournaments.team.enterTeam', { count: t.teamSize })}</h3>
      {slots.map((slot, i) => (
        <fieldset key={i} className="team-slot" data-testid="team-slot">
          <legend className="label">{tr('tournaments.team.player', { number: i + 1 })}</legend>
          {slot.member ? (
            <div className="row between">
              <strong data-testid="team-slot-member">{slot.member.name}</strong>
              <Button size="small" variant="link" onClick={() => set(i, { member: null })}>
                {tr('tournaments.team.removePlayer', { name: slot.member.name })}
              </Button>
            </div>
          ) : (
            <>
              <MemberSearch
                organizationId={t.organizationId}
                excluded={excluded}
                label={tr('tournaments.team.memberSearch', { number: i + 1 })}
                chooseLabel={(member) => tr('tournaments.team.choose', { name: member })}
                onChoose={(member) => set(i, { member, guestName: '', guestIndex: '' })}
              />
              <p className="small muted">{tr('tournaments.team.orGuest')}</p>
              <div className="grid-2">
                <TextField
                  label={tr('tournaments.team.guestName', { number: i + 1 })}
                  value={slot.guestName}
                  onChange={(e) => set(i, { guestName: e.target.value })}
                  error={field(`players.${i}.guest.name`) ?? field(`players.${i}`)}
                />
                <TextField
                  label={tr('tournaments.team.guestIndex', { number: i + 1 })}
                  inputMode="decimal"
                  value={slot.guestIndex}
                  onChange={(e) => set(i, { guestIndex: e.target.value })}
                  error={field(`players.${i}.guest.handicapIndex`)}
                />
              </div>
            </>
          )}
        </fieldset>
      ))}
      <TextField
        label={tr('tournaments.team.name')}
        value={name}
        maxLength={80}
        placeholder={shownDefault || undefined}
        hint={
          shownDefault ? tr('tournaments.team.nameDefault', { name: shownDefault }) : tr('tournaments.team.nameHint')
        }
        onChange={(e) => setName(e.target.value)}
        error={field('name')}
      />
      <FormError error={server} fields={[...paths, 'name']} />
      <Button type="submit" variant="secondary" busy={busy}>
        {tr('tournaments.team.enter')}
      </Button>
    </form>
  );
}
