import type { RoundSummary, RoundView } from '../../../../shared/schemas/rounds';
import { TEE_GENDER_LABELS, type Language, type TeeGender } from '../../../../shared/values';
import { i18n } from '../../i18n';
import type { rounds } from '../../../../shared/i18n/nb/rounds';

/** "Oslo Golfklubb – Bogstad", or just the name when the club and the course are called the same. */
export function courseTitle(course: RoundView['course'] | RoundSummary['course']): string {
  return course.club && course.club.name !== course.name ? `${course.club.name} – ${course.name}` : course.name;
}

/** Tee colours as the course data spells them (English, or already Norwegian): the ones we can translate. */
const TEE_COLOURS: Readonly<Record<string, TeeColour>> = {
  white: 'white',
  hvit: 'white',
  yellow: 'yellow',
  gul: 'yellow',
  red: 'red',
  rød: 'red',
  blue: 'blue',
  blå: 'blue',
  black: 'black',
  svart: 'black',
  green: 'green',
  grønn: 'green',
  orange: 'orange',
  oransje: 'orange',
  gold: 'gold',
  gull: 'gold',
  silver: 'silver',
  sølv: 'silver',
};
type TeeColour = keyof (typeof rounds)['colours'];

/**
 * A tee as golfers name it, with its colour in the reader's language and whom it is for: "Rød (dame)",
 * "Rød (herre)", "58 – Gul (herre)"; in English "Red (women)". Two tees of a course never read the same.
 */
export function teeLabel(
  tee: { name: string; color: string | null; gender?: TeeGender | null | undefined },
  language: Language = 'nb',
): string {
  const t = i18n.getFixedT(language);
  const known = tee.color ? TEE_COLOURS[tee.color.trim().toLowerCase()] : undefined;
  const colour = known ? t(`rounds.colours.${known}`) : tee.color ? tee.color.trim() : null;
  // A tee named by its colour ("Rød", "Red") is named in the reader's language.
  const named = TEE_COLOURS[tee.name.trim().toLowerCase()];
  if (named && (known === undefined ? !tee.color : named === known))
    return withGender(t(`rounds.colours.${named}`), tee.gender, language);
  const name = colour && colour.toLowerCase() !== tee.name.trim().toLowerCase() ? `${tee.name} – ${colour}` : tee.name;
  return withGender(name, tee.gender, language);
}

function withGender(name: string, gender: TeeGender | null | undefined, language: Language): string {
  return gender ? `${name} (${TEE_GENDER_LABELS[language][gender].toLowerCase()})` : name;
}
