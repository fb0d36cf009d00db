import { useState } from 'react';
import type { EntryView, TournamentView } from '../../../../../shared/schemas/tournaments';
import { useLanguage } from '../../../i18n';
import { trpc } from '../../../trpc';
import { Loading, TextField } from '../../../ui';
import { memberMatches } from '../tournament';
import { entryUserIds } from '../../../../../shared/format/entry';

/** A member found by search: the club's member list filtered as you type, those entered left out. */
export function AddMember({
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
  const entered = new Set(entries.flatMap(entryUserIds));
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
