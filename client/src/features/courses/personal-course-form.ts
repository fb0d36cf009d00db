/**
 * The inline "new personal course" form of the wizard, as plain values: text fields stay text until the
 * form is sent, so a half-typed "71," is not lost; `toCreateInput` builds personalCourses.create's input.
 * The server validates everything (stroke indexes a permutation, rating ranges) and its messages are shown
 * at the fields by their paths (`holes`, `tees.0.slope`).
 */
export interface HoleRow {
  par: number;
  strokeIndex: string;
}

export interface TeeRow {
  name: string;
  color: string;
  courseRating: string;
  slope: string;
}

export interface PersonalCourseForm {
  name: string;
  country: string;
  city: string;
  shared: boolean;
  holes: HoleRow[];
  tees: TeeRow[];
}

/**
 * A starting card: par 4 everywhere and stroke indexes 1..n in hole order, to be corrected by the golfer,
 * and one yellow tee named in the reader's language (`yellowName`: "Gul", "Yellow").
 */
export function newCourseForm(holeCount: 9 | 18 = 18, yellowName = 'Gul'): PersonalCourseForm {
  return {
    name: '',
    country: 'NO',
    city: '',
    shared: true,
    holes: defaultHoles(holeCount),
    tees: [{ name: yellowName, color: 'yellow', courseRating: '', slope: '' }],
  };
}

function defaultHoles(holeCount: number): HoleRow[] {
  return Array.from({ length: holeCount }, (_, i) => ({ par: 4, strokeIndex: String(i + 1) }));
}

/** Switching between 9 and 18 holes keeps what was typed for the holes both have. */
export function withHoleCount(form: PersonalCourseForm, holeCount: 9 | 18): PersonalCourseForm {
  const holes = defaultHoles(holeCount).map((fresh, i) => form.holes[i] ?? fresh);
  return { ...form, holes };
}

export function coursePar(form: PersonalCourseForm): number {
  return form.holes.reduce((sum, h) => sum + h.par, 0);
}

/** "71,3" and "71.3" are the same number; anything else is sent as NaN-free null and the server says why. */
export function decimal(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? null : value;
}

export function toCreateInput(form: PersonalCourseForm) {
  const par = coursePar(form);
  return {
    name: form.name.trim(),
    country: form.country.trim().toUpperCase(),
    city: form.city.trim() === '' ? null : form.city.trim(),
    shared: form.shared,
    holes: form.holes.map((h, i) => ({ number: i + 1, par: h.par, strokeIndex: decimal(h.strokeIndex) ?? 0 })),
    tees: form.tees.map((t) => ({
      name: t.name.trim(),
      color: t.color.trim() === '' ? null : t.color.trim(),
      courseRating: decimal(t.courseRating) ?? 0,
      slope: decimal(t.slope) ?? 0,
      par,
    })),
  };
}
