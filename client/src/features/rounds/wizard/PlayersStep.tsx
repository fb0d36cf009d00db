import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useRef, useState, type Dispatch, type FormEvent } from 'react';
import { describeApiError, fieldError } from '../../../lib/api-error';
import { formatHandicapIndex, parseHandicapIndex } from '../../../lib/handicap';
import { useSession } from '../../../session/useSession';
import { useTRPC } from '../../../trpc';
import { Alert, Button, Card, EmptyState, Loading, SelectField, TextField } from '../../../ui';
import {
  FORMAT_NAME,
  nextCall,
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
  const [target, setTarget] = useState<string>(NEW_SIDE);
  const { progress, run } = useRoundSync(dispatch);
  const problems = stepProblems(state, 'spillere');
  const pendingCalls = nextCall(state) !== null;
  const sideKey = target === NEW_SIDE ? null : target;
  const targetLabel =
    target === NEW_SIDE ? 'på et nytt lag' : `på ${state.sides.find((s) => s.key === target)?.name ?? 'laget'}`;

  function add(person: Parameters<typeof addAction>[0]) {
    dispatch(addAction(person, sideKey));
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
        {FORMAT_NAME[state.format]}. Hver spiller er sitt eget lag, med mindre du setter flere på samme lag (for
        eksempel bestball).
        {state.format === 'match' ? ' Matchspill har nøyaktig to lag.' : ''}
      </p>
      <Card title="Legg til spillere">
        <SelectField label="Legg til" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value={NEW_SIDE}>På et nytt lag</option>
          {state.sides.map((s) => (
            <option key={s.key} value={s.key}>
              På {s.name}
            </option>
          ))}
        </SelectField>
        {me && !state.people.some((p) => p.kind === 'account' && p.userId === me.id) ? (
          <Button
            variant="secondary"
            block
            onClick={() => add({ kind: 'account', userId: me.id, name: me.name ?? me.email })}
          >
            Legg til meg selv ({me.name ?? me.email}, hcp {formatHandicapIndex(me.handicapIndex)})
          </Button>
        ) : null}
        <ParticipantSearch state={state} onPick={add} targetLabel={targetLabel} />
        <GuestForm onAdd={add} targetLabel={targetLabel} />
      </Card>

      {state.sides.length === 0 ? (
        <EmptyState title="Ingen spillere ennå">Legg til deg selv og de du spiller med.</EmptyState>
      ) : (
        state.sides.map((side) => {
          const people = state.people.filter((p) => p.sideKey === side.key);
          return (
            <section key={side.key} className="side-box" aria-label={side.name} data-testid="side">
              {side.serverId === null ? (
                <TextField
                  label="Navn på laget"
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
              ? 'Kunne ikke opprette runden: '
              : progress.failed.call.kind === 'side'
                ? 'Kunne ikke opprette et lag: '
                : `Kunne ikke legge til ${failedPerson?.name ?? 'en spiller'}: `}
            {Object.values(progress.failed.error.fields)[0] ?? progress.failed.error.message}
          </p>
          <p className="small">Det som allerede er lagret, blir ikke sendt på nytt. Rett opp og prøv igjen.</p>
        </Alert>
      ) : null}
      {problems.length > 0 && state.people.length > 0 ? (
        <Alert tone="warning">
          <p>{problems.join(' ')}</p>
        </Alert>
      ) : null}
      <Button block busy={progress.running} disabled={problems.length > 0} onClick={submit}>
        {state.roundId === null ? 'Opprett runden' : pendingCalls ? 'Lagre spillerne' : 'Neste'}
      </Button>
      {progress.running ? (
        <p className="small muted" role="status">
          Lagrer runden …
        </p>
      ) : null}
    </div>
  );
}

type NewPerson =
  | { kind: 'account'; userId: string; name: string }
  | { kind: 'guest'; name: string; handicapIndex: number };

function addAction(person: NewPerson, sideKey: string | null): WizardAction {
  return { type: 'addPerson', person, sideKey, key: newKey() };
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
  const id = useId();
  const saved = person.serverId !== null;
  return (
    <li className="row between" data-testid="person">
      <div>
        <strong>{person.name}</strong>
        <div className="small muted">
          {person.kind === 'guest' ? `Gjest, hcp ${formatHandicapIndex(person.handicapIndex)}` : 'Konto'}
          {saved ? ' · lagret' : ''}
        </div>
      </div>
      {saved ? null : (
        <div className="row">
          <label className="visually-hidden" htmlFor={id}>
            Flytt {person.name} til
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
              })
            }
          >
            {state.sides.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
            <option value={NEW_SIDE}>Nytt lag</option>
          </select>
          <Button
            size="small"
            variant="danger"
            aria-label={`Fjern ${person.name}`}
            onClick={() => dispatch({ type: 'removePerson', key: person.key })}
          >
            Fjern
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
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const search = useQuery(
    trpc.participants.search.queryOptions({ q: query }, { enabled: query.length >= 2, placeholderData: (p) => p }),
  );
  const error = describeApiError(search.error);
  const taken = new Set(state.people.flatMap((p) => (p.kind === 'account' ? [p.userId] : [])));
  const results = search.data ? searchHits(search.data) : [];
  return (
    <div style={{ marginTop: '1rem' }}>
      <TextField
        label="Søk etter spiller"
        type="search"
        autoComplete="off"
        hint="Navn eller e-postadresse: klubbkamerater, tidligere medspillere og gjester."
        value={q}
        onChange={(e) => setQ(e.target.value)}
        error={fieldError(error, 'q')}
      />
      {query.length < 2 ? null : search.isPending ? (
        <Loading text="Søker …" />
      ) : error && !fieldError(error, 'q') ? (
        <Alert tone="error">
          <p>{error.message}</p>
        </Alert>
      ) : results.length === 0 ? (
        <p className="small muted">Ingen treff. Legg personen til som gjest under.</p>
      ) : (
        <ul className="result-list" aria-label="Spillere">
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
                  {hit.detail} · legg til {targetLabel}
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
function searchHits(data: {
  accounts: { userId: string; name: string | null; email?: string | null; handicapIndex?: number | null }[];
  guests: { name: string; handicapIndex: number }[];
}): Hit[] {
  return [
    ...data.accounts.map(
      (a): Hit => ({
        key: `a-${a.userId}`,
        kind: 'account',
        userId: a.userId,
        label: a.name ?? a.email ?? 'Ukjent',
        detail: [a.email, a.handicapIndex !== undefined ? `hcp ${formatHandicapIndex(a.handicapIndex)}` : null]
          .filter(Boolean)
          .join(' · '),
        person: { kind: 'account', userId: a.userId, name: a.name ?? a.email ?? 'Spiller' },
      }),
    ),
    ...data.guests.map(
      (g, i): Hit => ({
        key: `g-${i}-${g.name}`,
        kind: 'guest',
        label: g.name,
        detail: `Gjest, hcp ${formatHandicapIndex(g.handicapIndex)}`,
        person: { kind: 'guest', name: g.name, handicapIndex: g.handicapIndex },
      }),
    ),
  ];
}

function GuestForm({ onAdd, targetLabel }: { onAdd(p: NewPerson): void; targetLabel: string }) {
  const [name, setName] = useState('');
  const [index, setIndex] = useState('');
  const [errors, setErrors] = useState<{ name?: string; index?: string }>({});
  const nameRef = useRef<HTMLInputElement>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseHandicapIndex(index);
    const next: { name?: string; index?: string } = {};
    if (name.trim() === '') next.name = 'Skriv navnet til gjesten.';
    if (!parsed.ok) next.index = parsed.message;
    else if (parsed.value === null) next.index = 'Skriv gjestens handicapindeks.';
    setErrors(next);
    if (next.name || next.index || !parsed.ok || parsed.value === null) return;
    onAdd({ kind: 'guest', name: name.trim(), handicapIndex: parsed.value });
    setName('');
    setIndex('');
    nameRef.current?.focus();
  }
  return (
    <form onSubmit={submit} noValidate style={{ marginTop: '1rem' }} aria-label="Legg til gjest">
      <p className="label" style={{ fontWeight: 600 }}>
        Gjest uten konto
      </p>
      <div className="grid-2">
        <TextField
          ref={nameRef}
          label="Gjestens navn"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Gjestens handicapindeks"
          inputMode="decimal"
          value={index}
          onChange={(e) => setIndex(e.target.value)}
          error={errors.index}
        />
      </div>
      <Button type="submit" variant="secondary" size="small">
        Legg til gjest {targetLabel}
      </Button>
    </form>
  );
}
