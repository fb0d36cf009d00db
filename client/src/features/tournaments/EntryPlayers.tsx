import type { EntryView } from '../../../../shared/schemas/tournaments';
import { isTeamEntry } from '../../../../shared/format/entry';
import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import { formatHandicapIndex } from '../../lib/handicap';

/** A team's players under its name, small: each with their index, a guest marked as the list marks one. */
export function EntryPlayers({ entry }: { entry: EntryView }) {
  const { t, language } = useLanguage();
  if (!isTeamEntry(entry)) return null;
  return (
    <ul className="team-players-list small" data-testid="entry-players" aria-label={t('tournaments.team.players')}>
      {entry.players.map((p) => (
        <li key={p.id}>
          {shownName(p.name, language)}
          {p.userId ? '' : ` ${t('tournaments.screen.guest')}`} ·{' '}
          {t('tournaments.screen.index', { index: formatHandicapIndex(p.handicapIndex, language) })}
        </li>
      ))}
    </ul>
  );
}
