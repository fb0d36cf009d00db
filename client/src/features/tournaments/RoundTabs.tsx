import { useLanguage } from '../../i18n';

/** Choosing one of a tournament's rounds (the card, the start list): shown only when there is more than one. */
export function RoundTabs({
  rounds,
  current,
  onChoose,
}: {
  rounds: readonly { number: number }[];
  current: number;
  onChoose(roundNumber: number): void;
}) {
  const { t } = useLanguage();
  if (rounds.length <= 1) return null;
  return (
    <fieldset className="tabs" aria-label={t('tournaments.scorecard.roundLabel')}>
      {rounds.map((r) => (
        <button key={r.number} type="button" aria-pressed={r.number === current} onClick={() => onChoose(r.number)}>
          {t('tournaments.scorecard.round', { number: r.number })}
        </button>
      ))}
    </fieldset>
  );
}
