import { useState } from 'react';
import type { EntryView, TournamentView } from '../../../../shared/schemas/tournaments';
import { formatDays } from '../../../../shared/format/dates';
import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import { describeApiError, fieldError } from '../../lib/api-error';
import { formatHandicapIndex, parseHandicapIndex } from '../../lib/handicap';
import { trpc } from '../../trpc';
import { Alert, Button, Card, FormError, Loading, SelectField, TextField } from '../../ui';
import { signatureText } from './card';
import {
  clashes,
  groupsFromEntries,
  hasRoom,
  localInstant,
  moveEntry,
  oneTeeStart,
  twoTeeStart,
  type DraftGroup,
} from './start-list';
import { canManageEntries, confirmQuestion, memberMatches, movesFrom, startText, type StatusMove } from './tournament';
import type { TournamentStatus } from '../../../../shared/values';
import { STATUSES_BEFORE_PLAY } from '../../../../shared/tournament-rules';

/** The queries a change to a tournament makes stale. */
function useRefresh(t: TournamentView) {
  const utils = trpc.useUtils();
  const ids = { organizationId: t.organizationId, tournamentId: t.id };
  return () => {
    void utils.tournaments.get.invalidate(ids);
    void utils.tournaments.entries.invalidate(ids);
    void utils.tournaments.list.invalidate({ organizationId: t.organizationId });
  };
}

/** The state moves the server allows from here, each confirmed in words before it is made. */
export function StatusPanel({ t }: { t: TournamentView }) {
  const utils = trpc.useUtils();
  const { t: tr } = useLanguage();
  const refresh = useRefresh(t);
  const [asking, setAsking] = useState<StatusMove | null>(null);
  const move = trpc.tournaments.setStatus.useMutation({
    onSuccess: (view) => {
      utils.tournaments.get.setData({ organizationId: t.organizationId, tournamentId: t.id }, view);
      setAsking(null);
      refresh();
    },
  });
  const moves = movesFrom(t.status, tr);
  if (moves.length === 0) return null;
  return (
    <Card title={tr('tournaments.admin.status')}>
      <FormError error={describeApiError(move.error)} />
      {asking ? (
        <fieldset className="confirm-box" aria-labelledby="confirm-move">
          <p id="confirm-move">
            <strong>{confirmQuestion(asking, t.name, tr)}</strong>
          </p>
          <p>{asking.confirm}</p>
          <div className="row">
            <Button
              variant={asking.danger ? 'danger' : 'primary'}
              busy={move.isPending}
              onClick={() => move.mutate({ organizationId: t.organizationId, tournamentId: t.id, status: asking.to })}
            >
              {tr('tournaments.admin.yes', { action: asking.label.toLowerCase() })}
            </Button>
            <Button variant="link" onClick={() => setAsking(null)}>
              {tr('tournaments.screen.cancel')}
            </Button>
          </div>
        </fieldset>
      ) : (
        <div className="stack-buttons">
          {moves.map((m) => (
            <Button
              key={m.to}
              variant={m.to === 'cancelled' ? 'danger' : m.danger ? 'secondary' : 'primary'}
              onClick={() => setAsking(m)}
            >
              {m.label}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}

/**
 * Entries for organizers: add a member found by search (the club's member list filtered as you type), add
 * a guest, change a player's division, withdraw. The API has no "move to another division": a change is a
 * withdrawal and a new entry in the chosen division (decision 0505), which also takes the player out of
 * the start list, and it is said so before.
 */
export function EntriesAdmin({ t, entries }: { t: TournamentView; entries: EntryView[] }) {
  const { t: tr } = useLanguage();
  const refresh = useRefresh(t);
  const ids = { organizationId: t.organizationId, tournamentId: t.id };
  const enter = trpc.tournaments.enter.useMutation({ onSuccess: refresh });
  const withdraw = trpc.tournaments.withdraw.useMutation({ onSuccess: refresh, onMutate: () => enter.reset() });
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
            <SelectField
              label={tr('tournaments.admin.newEntryDivision')}
              value={division}
              onChange={(e) => setDivision(e.target.value)}
              hint={tr('tournaments.admin.newEntryDivisionHint')}
            >
              <option value="">{tr('tournaments.admin.byHandicap')}</option>
              {t.divisions.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </SelectField>
          ) : null}
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
          {enter.error && !enter.variables?.guest ? <FormError error={describeApiError(enter.error)} /> : null}
          {enter.isSuccess ? (
            <p className="small" role="status">
              {tr('tournaments.admin.entered', { name: enter.data.player.name, division: enter.data.division.name })}
            </p>
          ) : null}
        </>
      ) : null}
      <FormError error={describeApiError(withdraw.error)} />
      <ul className="list" aria-label={tr('tournaments.admin.enteredPlayers')}>
        {entries.map((e) => (
          <EntryRow
            key={e.id}
            t={t}
            entry={e}
            manage={manage}
            withdrawable={withdrawable}
            onWithdraw={() => withdraw.mutate({ ...ids, entryId: e.id })}
            busy={withdraw.isPending && withdraw.variables?.entryId === e.id}
          />
        ))}
      </ul>
    </Card>
  );
}

function AddMember({
  t,
  entries,
  busy,
  onEnter,
}: {
  t: TournamentView;
  entries: EntryView[];
  busy: boolean;
  onEnter(userId: string): void;
}) {
  const { t: tr } = useLanguage();
  const members = trpc.orgs.members.useQuery({ organizationId: t.organizationId });
  const [q, setQ] = useState('');
  const entered = new Set(entries.flatMap((e) => (e.player.userId ? [e.player.userId] : [])));
  const found = memberMatches(members.data?.members ?? [], q, entered);
  return (
    <div>
      <TextField
        label={tr('tournaments.admin.enterMember')}
        type="search"
        autoComplete="off"
        placeholder={tr('tournaments.admin.nameOrEmail')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {q.trim() === '' ? null : members.isPending ? (
        <Loading text={tr('tournaments.admin.loadingMembers')} />
      ) : found.length === 0 ? (
        <p className="small muted">{tr('tournaments.admin.noMatch', { query: q.trim() })}</p>
      ) : (
        <ul className="result-list" aria-label={tr('tournaments.admin.matches')}>
          {found.map((m) => (
            <li key={m.userId}>
              <button
                type="button"
                aria-busy={busy}
                disabled={busy}
                onClick={() => {
                  onEnter(m.userId);
                  setQ('');
                }}
              >
                <strong>{tr('tournaments.admin.enterName', { name: m.name ?? m.email })}</strong>
                {m.name ? (
                  <span className="small muted" style={{ display: 'block' }}>
                    {m.email}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddGuest({
  busy,
  error,
  onEnter,
}: {
  busy: boolean;
  error: unknown;
  onEnter(guest: { name: string; handicapIndex: number }): void;
}) {
  const { t: tr } = useLanguage();
  const [name, setName] = useState('');
  const [index, setIndex] = useState('');
  const [mine, setMine] = useState<string | null>(null);
  const server = describeApiError(error);
  return (
    <form
      className="side-box"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseHandicapIndex(index, tr);
        if (!parsed.ok || parsed.value === null) {
          setMine(parsed.ok ? tr('tournaments.admin.guestIndexMissing') : parsed.message);
          return;
        }
        setMine(null);
        onEnter({ name, handicapIndex: parsed.value });
        setName('');
        setIndex('');
      }}
    >
      <div className="grid-2">
        <TextField
          label={tr('tournaments.admin.guestName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError(server, 'guest.name')}
        />
        <TextField
          label={tr('tournaments.admin.guestIndex')}
          inputMode="decimal"
          value={index}
          onChange={(e) => setIndex(e.target.value)}
          error={mine ?? fieldError(server, 'guest.handicapIndex')}
        />
      </div>
      <FormError error={server} fields={['guest.name', 'guest.handicapIndex']} />
      <Button type="submit" size="small" variant="secondary" busy={busy}>
        {tr('tournaments.admin.enterGuest')}
      </Button>
    </form>
  );
}

function EntryRow({
  t,
  entry,
  manage,
  withdrawable,
  busy,
  onWithdraw,
}: {
  t: TournamentView;
  entry: EntryView;
  manage: boolean;
  withdrawable: boolean;
  busy: boolean;
  onWithdraw(): void;
}) {
  const { t: tr, language } = useLanguage();
  const [sure, setSure] = useState(false);
  return (
    <li className="entry-row" data-testid="admin-entry">
      <div>
        <strong>{shownName(entry.player.name, language)}</strong>
        {entry.player.userId ? '' : ` ${tr('tournaments.screen.guest')}`}
        <div className="small muted">
          {entry.division.name} ·{' '}
          {tr('tournaments.screen.index', { index: formatHandicapIndex(entry.handicapIndex, language) })}
        </div>
      </div>
      <div className="actions">
        {manage && t.divisions.length > 1 ? <ChangeDivision t={t} entry={entry} /> : null}
        {withdrawable ? (
          sure ? (
            <>
              <Button
                size="small"
                variant="danger"
                busy={busy}
                onClick={onWithdraw}
                aria-label={tr('tournaments.admin.yesWithdrawName', { name: entry.player.name })}
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
              aria-label={tr('tournaments.admin.withdrawName', { name: entry.player.name })}
            >
              {tr('tournaments.admin.withdraw')}
            </Button>
          )
        ) : null}
      </div>
    </li>
  );
}

/** Withdraw, then enter again in the chosen division: the API's two steps, said before they are taken. */
function ChangeDivision({ t, entry }: { t: TournamentView; entry: EntryView }) {
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
      const who = entry.player.userId
        ? { userId: entry.player.userId }
        : { guest: { name: entry.player.name, handicapIndex: entry.handicapIndex } };
      await enter.mutateAsync({ ...ids, ...who, divisionId: to });
      setTo('');
    } catch (e) {
      setError(
        tr('tournaments.admin.changeFailed', { name: entry.player.name, message: describeApiError(e)?.message ?? '' }),
      );
    } finally {
      refresh();
    }
  }

  const others = t.divisions.filter((d) => d.id !== entry.division.id);
  return (
    <div>
      <label className="visually-hidden" htmlFor={`division-${entry.id}`}>
        {tr('tournaments.admin.newDivisionFor', { name: entry.player.name })}
      </label>
      <select
        id={`division-${entry.id}`}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        style={{ minHeight: '2.5rem' }}
      >
        <option value="">{tr('tournaments.admin.changeDivision')}</option>
        {others.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
      {to ? (
        <div className="confirm-box">
          <p className="small">
            {tr('tournaments.admin.changeQuestion', {
              name: shownName(entry.player.name, language),
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

/**
 * The start list of a round: generated by handicap from a first start at an interval (optionally over
 * tees 1 and 10), then players moved between groups with buttons, and saved as a whole. Before play only;
 * afterwards it is shown as it stands.
 */
export function StartListEditor({ t, entries }: { t: TournamentView; entries: EntryView[] }) {
  const { t: tr, language } = useLanguage();
  const refresh = useRefresh(t);
  const rounds = [...t.rounds].sort((a, b) => a.number - b.number);
  const [roundNumber, setRoundNumber] = useState(rounds[0]?.number ?? 1);
  const round = rounds.find((r) => r.number === roundNumber) ?? rounds[0]!;
  const saved = groupsFromEntries(entries, round.number);
  const [edited, setEdited] = useState<DraftGroup[] | null>(null);
  const [first, setFirst] = useState('08:00');
  const [interval, setInterval] = useState('10');
  const [size, setSize] = useState('4');
  const [tees, setTees] = useState<'one' | 'two'>('one');
  const editable = STATUSES_BEFORE_PLAY.includes(t.status);
  const groups = edited ?? saved;
  const minutes = Math.max(1, Math.min(60, Number(interval) || 10));
  const firstStartsAt = localInstant(round.playedOn, first);

  const save = trpc.tournaments.setGroups.useMutation({
    onSuccess: () => {
      setEdited(null);
      refresh();
    },
  });
  // One write on the server, two tees included: nothing can leave a one-tee list half rearranged.
  const generate = trpc.tournaments.setGroups.useMutation({
    onSuccess: () => {
      setEdited(null);
      refresh();
    },
  });
  const error = describeApiError(generate.error ?? save.error);
  const inGroups = new Set(groups.flatMap((g) => g.entryIds));
  const ungrouped = entries.filter((e) => !inGroups.has(e.id));
  const name = (entryId: string) =>
    entries.find((e) => e.id === entryId)?.player.name ?? tr('tournaments.admin.unknown');
  const move = (entryId: string, to: number) => setEdited(moveEntry(groups, entryId, to, minutes, firstStartsAt));
  const problems = clashes(groups, tr);

  return (
    <Card title={tr('tournaments.admin.startList')}>
      {rounds.length > 1 ? (
        <fieldset className="tabs" aria-label={tr('tournaments.scorecard.roundLabel')}>
          {rounds.map((r) => (
            <button
              key={r.number}
              type="button"
              aria-pressed={r.number === round.number}
              onClick={() => {
                setRoundNumber(r.number);
                setEdited(null);
              }}
            >
              {tr('tournaments.scorecard.round', { number: r.number })}
            </button>
          ))}
        </fieldset>
      ) : null}
      <p className="small muted">{formatDays([round.playedOn], language)}</p>
      {editable ? (
        <div className="side-box">
          <div className="grid-2">
            <TextField
              label={tr('tournaments.admin.firstStart')}
              type="time"
              value={first}
              onChange={(e) => setFirst(e.target.value)}
            />
            <TextField
              label={tr('tournaments.admin.interval')}
              inputMode="numeric"
              value={interval}
              onChange={(e) => setInterval(e.target.value.replace(/\D/g, '').slice(0, 2))}
            />
            <SelectField
              label={tr('tournaments.admin.groupSize')}
              value={size}
              onChange={(e) => setSize(e.target.value)}
            >
              {['2', '3', '4'].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={tr('tournaments.admin.startingHole')}
              value={tees}
              onChange={(e) => setTees(e.target.value as 'one' | 'two')}
            >
              <option value="one">{tr('tournaments.admin.allFromTee1')}</option>
              <option value="two">{tr('tournaments.admin.tees1And10')}</option>
            </SelectField>
          </div>
          <Button
            variant={saved.length === 0 ? 'primary' : 'secondary'}
            busy={generate.isPending || save.isPending}
            disabled={entries.length === 0}
            reason={tr('tournaments.admin.noEntriesYet')}
            onClick={() =>
              generate.mutate({
                organizationId: t.organizationId,
                tournamentId: t.id,
                round: round.number,
                generate: {
                  firstStartsAt,
                  intervalMinutes: minutes,
                  groupSize: Number(size),
                  tees: tees === 'two' ? 2 : 1,
                },
              })
            }
          >
            {saved.length === 0 ? tr('tournaments.admin.makeStartList') : tr('tournaments.admin.remakeStartList')}
          </Button>
          {entries.length === 0 ? <p className="small muted">{tr('tournaments.screen.noEntrants')}</p> : null}
        </div>
      ) : null}
      <FormError error={error} />
      {groups.length === 0 ? (
        <p className="muted">{tr('tournaments.admin.noStartList')}</p>
      ) : (
        <ol className="groups" aria-label={tr('tournaments.admin.groupsInRound', { number: round.number })}>
          {groups.map((g, i) => (
            <li key={`${g.startsAt}-${g.tee}-${i}`} className="group-box" data-testid="start-group">
              <h3>
                {tr('tournaments.admin.groupStart', {
                  number: i + 1,
                  start: startText(g.startsAt, g.tee, tr, language),
                })}
              </h3>
              <ul className="list">
                {g.entryIds.map((entryId) => (
                  <li key={entryId} className="entry-row">
                    <span>{name(entryId)}</span>
                    {editable ? (
                      <span className="actions">
                        {i > 0 && hasRoom(groups[i - 1]!) ? (
                          <Button size="small" variant="secondary" onClick={() => move(entryId, i - 1)}>
                            <span aria-hidden="true">▲</span>{' '}
                            <span className="visually-hidden">
                              {tr('tournaments.admin.moveTo', { name: name(entryId) })}{' '}
                            </span>
                            {tr('tournaments.admin.group', { number: i })}
                          </Button>
                        ) : null}
                        {i < groups.length - 1 && hasRoom(groups[i + 1]!) ? (
                          <Button size="small" variant="secondary" onClick={() => move(entryId, i + 1)}>
                            <span aria-hidden="true">▼</span>{' '}
                            <span className="visually-hidden">
                              {tr('tournaments.admin.moveTo', { name: name(entryId) })}{' '}
                            </span>
                            {tr('tournaments.admin.group', { number: i + 2 })}
                          </Button>
                        ) : null}
                        {i === groups.length - 1 && g.entryIds.length > 1 ? (
                          <Button size="small" variant="secondary" onClick={() => move(entryId, groups.length)}>
                            <span className="visually-hidden">
                              {tr('tournaments.admin.moveToA', { name: name(entryId) })}{' '}
                            </span>
                            {tr('tournaments.admin.newGroupLower')}
                          </Button>
                        ) : null}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {editable && ungrouped.length > 0 && groups.length > 0 ? (
        <div className="side-box">
          <h3>{tr('tournaments.admin.noGroup')}</h3>
          <ul className="list">
            {ungrouped.map((e) => {
              const room = groups.findIndex(hasRoom);
              return (
                <li key={e.id} className="entry-row">
                  <span>{shownName(e.player.name, language)}</span>
                  <Button
                    size="small"
                    variant="secondary"
                    onClick={() => move(e.id, room === -1 ? groups.length : room)}
                  >
                    {room === -1
                      ? tr('tournaments.admin.newGroup')
                      : tr('tournaments.admin.toGroup', { number: room + 1 })}
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {editable && groups.length > 1 ? (
        <div className="stack-buttons">
          <Button
            size="small"
            variant="secondary"
            onClick={() => setEdited(twoTeeStart(groups, groups[0]!.startsAt, minutes))}
          >
            {tr('tournaments.admin.spreadTees')}
          </Button>
          <Button
            size="small"
            variant="secondary"
            onClick={() => setEdited(oneTeeStart(groups, groups[0]!.startsAt, minutes))}
          >
            {tr('tournaments.admin.allFromTee1')}
          </Button>
        </div>
      ) : null}
      {problems.length > 0 ? (
        <Alert tone="warning">
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {edited ? (
        <div className="row">
          <Button
            busy={save.isPending}
            disabled={problems.length > 0}
            onClick={() =>
              save.mutate({ organizationId: t.organizationId, tournamentId: t.id, round: round.number, groups: edited })
            }
          >
            {tr('tournaments.admin.saveStartList')}
          </Button>
          <Button variant="link" onClick={() => setEdited(null)}>
            {tr('tournaments.admin.discard')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

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

/** results.csv from the REST path: the browser sends the session cookie and saves the file. */
export function ResultsDownload({ t }: { t: TournamentView }) {
  const { t: tr } = useLanguage();
  const shown: TournamentStatus[] = ['in_progress', 'finished'];
  if (!shown.includes(t.status)) return null;
  const href = `/organizations/${encodeURIComponent(t.organizationId)}/tournaments/${encodeURIComponent(t.id)}/results.csv`;
  return (
    <Card title={tr('tournaments.admin.results')}>
      <a className="btn secondary" href={href} download data-testid="results-csv">
        {tr('tournaments.admin.download')}
      </a>
      <p className="small muted">{tr('tournaments.admin.downloadHint')}</p>
    </Card>
  );
}
