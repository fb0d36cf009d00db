import { useLanguage } from '../../../i18n';
import { Button } from '../../../ui';
import { hasRoom, type DraftGroup } from '../start-list';
import { startText } from '../tournament';

/**
 * The groups of a round's start list in start order; before play each player can be moved to the group
 * before or after (when it has room) or, from the last group, to a new one.
 */
export function StartGroups({
  groups,
  roundNumber,
  editable,
  name,
  most,
  onMove,
}: {
  groups: readonly DraftGroup[];
  /** The entries a group holds (`entriesPerGroup`). */
  most: number;
  roundNumber: number;
  editable: boolean;
  name(entryId: string): string;
  onMove(entryId: string, toGroup: number): void;
}) {
  const { t: tr } = useLanguage();
  return (
    <ol className="groups" aria-label={tr('tournaments.admin.groupsInRound', { number: roundNumber })}>
      {groups.map((g, i) => (
        <li key={`${g.startsAt}-${g.tee}-${i}`} className="group-box" data-testid="start-group">
          <h3>
            {tr('tournaments.admin.groupStart', {
              number: i + 1,
              start: startText(g.startsAt, g.tee, tr),
            })}
          </h3>
          <ul className="list">
            {g.entryIds.map((entryId) => (
              <li key={entryId} className="entry-row">
                <span>{name(entryId)}</span>
                {editable ? (
                  <span className="actions">
                    {i > 0 && hasRoom(groups[i - 1]!, most) ? (
                      <MoveButton arrow="▲" name={name(entryId)} group={i} onMove={() => onMove(entryId, i - 1)} />
                    ) : null}
                    {i < groups.length - 1 && hasRoom(groups[i + 1]!, most) ? (
                      <MoveButton arrow="▼" name={name(entryId)} group={i + 2} onMove={() => onMove(entryId, i + 1)} />
                    ) : null}
                    {i === groups.length - 1 && g.entryIds.length > 1 ? (
                      <Button size="small" variant="secondary" onClick={() => onMove(entryId, groups.length)}>
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
  );
}

/** To the group above or below: the arrow is seen, the player's name is read out. */
function MoveButton({ arrow, name, group, onMove }: { arrow: string; name: string; group: number; onMove(): void }) {
  const { t: tr } = useLanguage();
  return (
    <Button size="small" variant="secondary" onClick={onMove}>
      <span aria-hidden="true">{arrow}</span>{' '}
      <span className="visually-hidden">{tr('tournaments.admin.moveTo', { name })} </span>
      {tr('tournaments.admin.group', { number: group })}
    </Button>
  );
}
