import { useDeferredValue, useId, useRef, useState, type Dispatch, type FormEvent } from 'react';
import { describeApiError, fieldError } from '../../../lib/api-error';
import { formatHandicapIndex, parseHandicapIndex } from '../../../lib/handicap';
import { useSession } from '../../../session/useSession';
import { trpc } from '../../../trpc';
import { Alert, Button, Card, EmptyState, Loading, SelectField, TextField } from '../../../ui';
import { isTeamFormat, type Language, ROUND_FORMAT_LABELS } from '../../../../../shared/values';
import { i18n, useLanguage } from '../../../i18n';
import {
  defaultSideFor,
  nextCall,
  sideIsFull,
  stepProblems,
  type WizardAction,
  type WizardPerson,
  type WizardState,
} from '../wizard-state';
import { useRoundSync } from './useRoundSync';

const NEW_SIDE = '__new__';

let counter = 0;
function newKey(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}`;
}

export function PlayersStep({
  state,
  dispatch,
  onDone,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  onDone(): void;
}) {
  const session = useSession();
  const me = session.status === 'full' ? session.user : null;
  const { t, language } = useLanguage();
  // Unless the organiser picks a side, a team format pairs players up as they are added (defaultSideFor).
  const [chosen, setTarget] = useState<string | null>(null);
  const target = chosen ?? defaultSideFor(state) ?? NEW_SIDE;
  const { progress, run } = useRoundSync(dispatch);
  const problems = stepProblems(state, 'spillere', language);
  const pendingCalls = nextCall(state) !== null;
  const sideKey = target === NEW_SIDE ? null : target;
  const targetLabel =
    target === NEW_SIDE
      ? t('rounds.wizard.players.toNewSide')
      : t('rounds.wizard.players.toSide', {
          side: state.sides.find((s) => s.key === target)?.name ?? t('rounds.wizard.players.theSide'),
        });

  function add(person: Parameters<typeof addAction>[0]) {
    dispatch(addAction(person, sideKey, t('rounds.wizard.players.unnamedSide')));
    setTarget(null);
  }

  async function submit() {
    if (problems.length > 0) return;
    if (await run(state)) onDone();
  }

  const failedPerson =
    progress.failed?.call.kind === 'participant'
      ? state.people.find((p) => p.key === (progress.failed!.call as { key: string }).key)
      : null;

  return (
    <div>
      <p className="small muted">
        {t('rounds.wizard.players.intro', { format: ROUND_FORMAT_LABELS[language][state.format] })}
        {state.format === 'match' ? ` ${t('rounds.wizard.players.matchTwoSides')}` : ''}
        {isTeamFormat(state.format) ? ` ${t(`rounds.wizard.players.sideSizes.${state.format}`)}` : ''}
      </p>
      <Card title={t('rounds.wizard.players.add')}>
        <SelectField
          label={t('rounds.wizard.players.addTo')}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        >
          <option value={NEW_SIDE}>{t('rounds.wizard.players.onNewSide')}</option>
          {state.sides.map((s) => (
            <option key={s.key} value={s.key} disabled={sideIsFull(state, s.key)}>
              {sideIsFull(state, s.key)
                ? t('rounds.wizard.players.full', { side: s.name })
                : t('rounds.wizard.players.onSide', { side: s.name })}
            </option>
          ))}
        </SelectField>
        {me && !state.people.some((p) => p.kind === 'account' && p.userId === me.id) ? (
          <Button
            variant="secondary"
            block
            onClick={() => add({ kind: 'account', userId: me.id, name: me.name ?? me.email })}
          >
            {t('rounds.wizard.players.addMe', {
              name: me.name ?? me.email,
              index: formatHandicapIndex(me.handicapIndex, language),
            })}
          </Button>
        ) : null}
        <ParticipantSearch state={state} onPick={add} targetLabel={targetLabel} />
        <GuestForm onAdd={add} targetLabel={targetLabel} />
      </Card>

      {state.sides.length === 0 ? (
        <EmptyState title={t('rounds.wizard.players.none')}>{t('rounds.wizard.players.noneHint')}</EmptyState>
      ) : (
        state.sides.map((side) => {
          const people = state.people.filter((p) => p.sideKey === side.key);
          return (
            <section key={side.key} className="side-box" aria-label={side.name} data-testid="side">
              {side.serverId === null ? (
                <TextField
                  label={t('rounds.wizard.players.sideName')}
                  value={side.name}
                  onChange={(e) => dispatch({ type: 'renameSide', key: side.key, name: e.target.value })}
                />
              ) : (
                <h3>{side.name}</h3>
              )}
              <ul className="list">
                {people.map((person) => (
                  <PersonRow key={person.key} person={person} state={state} dispatch={dispatch} />
                ))}
              </ul>
            </section>
          );
        })
      )}

      {progress.failed ? (
        <Alert tone="error" focus>
          <p>
            {progress.failed.call.kind === 'round'
              ? t('rounds.wizard.players.failedRound')
              : progress.failed.call.kind === 'side'
                ? t('rounds.wizard.players.failedSide')
                : t('rounds.wizard.players.failedPerson', {
                    name: failedPerson?.name ?? t('rounds.wizard.players.aPlayer'),
                  })}{' '}
            {Object.values(progress.failed.error.fields)[0] ?? progress.failed.error.message}
          </p>
          <p className="small">{t('rounds.wizard.players.failedHint')}</p>
        </Alert>
      ) : null}
      {problems.length > 0 && state.people.length > 0 ? (
        <Alert tone="warning">
          <p>{problems.join(' ')}</p>
        </Alert>
      ) : null}
      <Button block busy={progress.running} disabled={problems.length > 0} onClick={submit}>
        {state.roundId === null
          ? t('rounds.wizard.players.create')
          : pendingCalls
            ? t('rounds.wizard.players.save')
            : t('rounds.wizard.players.next')}
      </Button>
      {progress.running ? (
        <p className="small muted" role="status">
          {t('rounds.wizard.players.saving')}
        </p>
      ) : null}
    </div>
  );
}

type NewPerson =
  | { kind: 'account'; userId: string; name: string }
  | { kind: 'guest'; name: string; handicapIndex: number };

function addAction(person: NewPerson, sideKey: string | null, unnamedSide: string): WizardAction {
  return { type: 'addPerson', person, sideKey, key: newKey(), unnamedSide };
}

function PersonRow({
  person,
  state,
  dispatch,
}: {
  person: WizardPerson;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}) {
  const { t, language } = useLanguage();
  const id = useId();
  const saved = person.serverId !== null;
  return (
    <li className="row between" data-testid="person">
      <div>
        <strong>{person.name}</strong>
        <div className="small muted">
          {person.kind === 'guest'
            ? t('rounds.wizard.players.guestHcp', { index: formatHandicapIndex(person.handicapIndex, language) })
            : t('rounds.wizard.players.account')}
          {saved ? ` · ${t('rounds.wizard.players.saved')}` : ''}
        </div>
      </div>
      {saved ? null : (
        <div className="row">
          <label className="visually-hidden" htmlFor={id}>
            {t('rounds.wizard.players.moveTo', { name: person.name })}
          </label>
          <select
            id={id}
            className="btn secondary small"
            value={person.sideKey}
            onChange={(e) =>
              dispatch({
                type: 'movePerson',
                key: person.key,
                sideKey: e.target.value === NEW_SIDE ? null : e.target.value,
                newSideKey: e.target.value === NEW_SIDE ? `side-${newKey()}` : undefined,
                unnamedSide: t('rounds.wizard.players.unnamedSide'),
              })
            }
          >
            {state.sides.map((s) => (
              <option key={s.key} value={s.key} disabled={s.key !== person.sideKey && sideIsFull(state, s.key)}>
                {s.name}
              </option>
            ))}
            <option value={NEW_SIDE}>{t('rounds.wizard.players.newSide')}</option>
          </select>
          <Button
            size="small"
            variant="danger"
            aria-label={t('rounds.wizard.players.removeName', { name: person.name })}
            onClick={() => dispatch({ type: 'removePerson', key: person.key })}
          >
            {t('rounds.wizard.players.remove')}
          </Button>
        </div>
      )}
    </li>
  );
}

function ParticipantSearch({
  state,
  onPick,
  targetLabel,
}: {
  state: WizardState;
  onPick(p: NewPerson): void;
  targetLabel: string;
}) {
  const { t, language } = useLanguage();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const search = trpc.participants.search.useQuery(
    { q: query },
    { enabled: query.length >= 2, placeholderData: (p) => p },
  );
  const error = describeApiError(search.error);
  const taken = new Set(state.people.flatMap((p) => (p.kind === 'account' ? [p.userId] : [])));
  const results = search.data ? searchHits(search.data, language) : [];
  return (
    <div style={{ marginTop: '1rem' }}>
      <TextField
        label={t('rounds.wizard.players.search')}
        type="search"
        autoComplete="off"
        hint={t('rounds.wizard.players.searchHint')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        error={fieldError(error, 'q')}
      />
      {query.length < 2 ? null : search.isPending ? (
        <Loading text={t('rounds.wizard.players.searching')} />
      ) : error && !fieldError(error, 'q') ? (
        <Alert tone="error">
          <p>{error.message}</p>
        </Alert>
      ) : results.length === 0 ? (
        <p className="small muted">{t('rounds.wizard.players.noHits')}</p>
      ) : (
        <ul className="result-list" aria-label={t('rounds.wizard.players.results')}>
          {results.map((hit) => (
            <li key={hit.key}>
              <button
                type="button"
                disabled={hit.kind === 'account' && taken.has(hit.userId)}
                onClick={() => {
                  onPick(hit.person);
                  setQ('');
                }}
              >
                <strong>{hit.label}</strong>
                <span className="small muted" style={{ display: 'block' }}>
                  {hit.detail} · {t('rounds.wizard.players.addTarget', { target: targetLabel })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Hit =
  | { key: string; kind: 'account'; userId: string; label: string; detail: string; person: NewPerson }
  | { key: string; kind: 'guest'; label: string; detail: string; person: NewPerson };

/** participants.search's answer as rows to pick from. */
function searchHits(
  data: {
    accounts: { userId: string; name: string | null; email?: string | null; handicapIndex?: number | null }[];
    guests: { name: string; handicapIndex: number }[];
  },
  language: Language,
): Hit[] {
  const t = i18n.getFixedT(language);
  return [
    ...data.accounts.map(
      (a): Hit => ({
        key: `a-${a.userId}`,
        kind: 'account',
        userId: a.userId,
        label: a.name ?? a.email ?? t('rounds.wizard.players.unknown'),
        detail: [
          a.email,
          a.handicapIndex !== undefined
            ? t('rounds.wizard.players.hcp', { index: formatHandicapIndex(a.handicapIndex, language) })
            : null,
        ]
          .filter(Boolean)
          .join(' · '),
        person: { kind: 'account', userId: a.userId, name: a.name ?? a.email ?? t('rounds.wizard.players.player') },
      }),
    ),
    ...data.guests.map(
      (g, i): Hit => ({
        key: `g-${i}-${g.name}`,
        kind: 'guest',
        label: g.name,
        detail: t('rounds.wizard.players.guestHcp', { index: formatHandicapIndex(g.handicapIndex, language) }),
        person: { kind: 'guest', name: g.name, handicapIndex: g.handicapIndex },
      }),
    ),
  ];
}

function GuestForm({ onAdd, targetLabel }: { onAdd(p: NewPerson): void; targetLabel: string }) {
  const { t } = useLanguage();
  const [name, setName] = useState('');
  const [index, setIndex] = useState('');
  const [errors, setErrors] = useState<{ name?: string; index?: string }>({});
  const nameRef = useRef<HTMLInputElement>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseHandicapIndex(index, t);
    const next: { name?: string; index?: string } = {};
    if (name.trim() === '') next.name = t('rounds.wizard.players.guestName');
    if (!parsed.ok) next.index = parsed.message;
    else if (parsed.value === null) next.index = t('rounds.wizard.players.guestIndexMissing');
    setErrors(next);
    if (next.name || next.index || !parsed.ok || parsed.value === null) return;
    onAdd({ kind: 'guest', name: name.trim(), handicapIndex: parsed.value });
    setName('');
    setIndex('');
    nameRef.current?.focus();
  }
  return (
    <form onSubmit={submit} noValidate style={{ marginTop: '1rem' }} aria-label={t('rounds.wizard.players.addGuest')}>
      <p className="label" style={{ fontWeight: 600 }}>
        {t('rounds.wizard.players.guestTitle')}
      </p>
      <div className="grid-2">
        <TextField
          ref={nameRef}
          label={t('rounds.wizard.players.guestNameLabel')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          label={t('rounds.wizard.players.guestIndexLabel')}
          inputMode="decimal"
          value={index}
          onChange={(e) => setIndex(e.target.value)}
          error={errors.index}
        />
      </div>
      <Button type="submit" variant="secondary" size="small">
        {t('rounds.wizard.players.addGuestTo', { target: targetLabel })}
      </Button>
    </form>
  );
}
