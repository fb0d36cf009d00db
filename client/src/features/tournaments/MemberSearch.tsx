import { useState } from 'react';
import { useLanguage } from '../../i18n';
import { trpc } from '../../trpc';
import { Loading, TextField } from '../../ui';
import type { EntryView, TournamentView } from '../../../../shared/schemas/tournaments';
import { memberMatches } from './tournament';

/** What a panel that enters someone found by search is given: the tournament, who has entered, and the entry. */
export interface MemberEntryProps<Choice> {
  t: TournamentView;
  entries: EntryView[];
  busy: boolean;
  onEnter(choice: Choice): void;
}

/**
 * The club's members filtered as you type (name or e-mail, every word), `excluded` left out: for entering a
 * member, choosing a team's player, or a partner. Each match is a button saying what choosing it does.
 */
export function MemberSearch({
  organizationId,
  excluded,
  label,
  chooseLabel,
  busy = false,
  onChoose,
}: {
  organizationId: string;
  excluded: ReadonlySet<string>;
  label: string;
  chooseLabel(name: string): string;
  busy?: boolean;
  onChoose(member: { userId: string; name: string }): void;
}) {
  const { t: tr } = useLanguage();
  const members = trpc.orgs.members.useQuery({ organizationId });
  const [q, setQ] = useState('');
  const found = memberMatches(members.data?.members ?? [], q, excluded);
  return (
    <div>
      <TextField
        label={label}
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
                  onChoose({ userId: m.userId, name: m.name ?? m.email });
                  setQ('');
                }}
              >
                <strong>{chooseLabel(m.name ?? m.email)}</strong>
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
