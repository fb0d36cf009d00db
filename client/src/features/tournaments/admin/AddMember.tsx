import type { EntryView, TournamentView } from '../../../../../shared/schemas/tournaments';
import { useLanguage } from '../../../i18n';
import { entryUserIds } from '../../../../../shared/format/entry';
import { MemberSearch } from '../MemberSearch';

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
  return (
    <MemberSearch
      organizationId={t.organizationId}
      excluded={new Set(entries.flatMap(entryUserIds))}
      label={tr('tournaments.admin.enterMember')}
      chooseLabel={(name) => tr('tournaments.admin.enterName', { name })}
      busy={busy}
      onChoose={(m) => onEnter(m.userId)}
    />
  );
}
