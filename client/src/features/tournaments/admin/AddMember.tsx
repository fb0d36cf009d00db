import { useLanguage } from '../../../i18n';
import { entryUserIds } from '../../../../../shared/format/entry';
import { MemberSearch, type MemberEntryProps } from '../MemberSearch';

/** A member found by search: the club's member list filtered as you type, those entered left out. */
export function AddMember({ t, entries, busy, onEnter }: MemberEntryProps<string>) {
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
