import type { RoundSummary, RoundView } from '../../../../shared/schemas/rounds';
import { TEE_GENDER_LABELS, type TeeGender } from '../../../../shared/values';

/** "Oslo Golfklubb – Bogstad", or just the name when the club and the course are called the same. */
export function courseTitle(course: RoundView['course'] | RoundSummary['course']): string {
  return course.club && course.club.name !== course.name ? `${course.club.name} – ${course.name}` : course.name;
}

/** A playing date (YYYY-MM-DD) as "17. mai 2026". */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString('nb-NO', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Tee colours as the course data spells them (English, or already Norwegian), in Norwegian. */
const TEE_COLOUR_NB: Record<string, string> = {
  white: 'Hvit',
  yellow: 'Gul',
  red: 'Rød',
  blue: 'Blå',
  black: 'Svart',
  green: 'Grønn',
  orange: 'Oransje',
  gold: 'Gull',
  silver: 'Sølv',
};

/**
 * A tee as golfers name it, with its colour in Norwegian and whom it is for: "Rød (dame)", "Rød (herre)",
 * "58 – Gul (herre)", so two tees of a course never read the same.
 */
export function teeLabel(tee: { name: string; color: string | null; gender?: TeeGender | null | undefined }): string {
  const colour = tee.color ? (TEE_COLOUR_NB[tee.color.trim().toLowerCase()] ?? tee.color.trim()) : null;
  const name = colour && colour.toLowerCase() !== tee.name.trim().toLowerCase() ? `${tee.name} – ${colour}` : tee.name;
  return tee.gender ? `${name} (${TEE_GENDER_LABELS.nb[tee.gender].toLowerCase()})` : name;
}

/** The handicap allowance in one plain sentence (GOLF.md's allowances), where the percentage shows. */
export function allowanceText(percent: number): string {
  switch (percent) {
    case 85:
      return 'Handicaptillegg 85 %: når to spiller på samme lag og lagets beste score teller på hvert hull (firball), får hver spiller 85 % av banehandicapet.';
    case 90:
      return 'Handicaptillegg 90 %: i firball matchspill får hver spiller 90 % av banehandicapet, og den laveste spiller på 0.';
    case 95:
      return 'Handicaptillegg 95 %: hver spiller får 95 % av banehandicapet, som anbefalt for individuelt slagspill og Stableford.';
    case 100:
      return 'Handicaptillegg 100 %: i singel matchspill spiller den laveste på 0, og den andre får hele forskjellen.';
    default:
      return `Handicaptillegg ${percent} % av banehandicapet.`;
  }
}
