import { osloInstant, osloWallTime } from '../../../../shared/format/oslo-clock';
import type { TFunction } from 'i18next';
import type { TournamentView } from '../../../../shared/schemas/tournaments';
import { defaultAllowancePercent, teamSizesOf } from '../../../../shared/tournament-rules';
import { isFourBallFormat } from '../../../../shared/formats';
import { formatHandicapIndex, parseHandicapIndex } from '../../lib/handicap';
import type { CourseChoice } from '../courses/course-choice';
import {
  isOneBallFormat,
  isTeamFormat,
  type Language,
  type TieBreak,
  type TournamentFormat,
  type TournamentVisibility,
} from '../../../../shared/values';

/**
 * The tournament form (create and edit) as typed: text where the golfer types, turned into
 * TournamentInput only on saving. The server checks everything again; the form only catches what it can
 * say better at the field (an unreadable index, a missing course).
 */
export interface DivisionForm {
  /** Set for a division the server has: kept with its entries on an edit (decision 0409). */
  id?: string;
  name: string;
  teeId: string;
  min: string;
  max: string;
}

export interface TournamentForm {
  name: string;
  description: string;
  visibility: TournamentVisibility;
  format: TournamentFormat;
  /** Players a team has (docs/contract.md section 12): 1 in the individual formats, 2 or 4 in scramble. */
  teamSize: number;
  /**
   * Empty: the format's default (100 % gross, 95 % net, 85 % four-ball). Not sent in the one-ball formats,
   * whose team handicap is GOLF.md's combination and the server refuses anything but 100 (decision 0426).
   */
  allowance: string;
  tieBreak: TieBreak;
  maxIndex: string;
  entryLimit: string;
  /** `datetime-local` text on Norway's clock, or empty. */
  closesAt: string;
  course: CourseChoice | null;
  /** One date per round, 1 to 4. */
  dates: string[];
  divisions: DivisionForm[];
}

export function newTournamentForm(today: string, t: TFunction): TournamentForm {
  return {
    name: '',
    description: '',
    visibility: 'public',
    format: 'stableford',
    teamSize: 1,
    allowance: '',
    tieBreak: 'countback',
    maxIndex: '',
    entryLimit: '',
    closesAt: '',
    course: null,
    dates: [today],
    divisions: [{ name: t('tournaments.form.openDivision'), teeId: '', min: '', max: '' }],
  };
}

/** `datetime-local` text on Norway's clock (decision 0432). */
function localDateTime(iso: string): string {
  const { date, time } = osloWallTime(new Date(iso));
  return `${date}T${time}`;
}

/** The form of an existing tournament; its course as far as the tournament knows it (the tees come from courses.get). */
export function formOf(t: TournamentView, course: CourseChoice | null, language: Language): TournamentForm {
  const index = (v: number | undefined) => (v === undefined ? '' : formatHandicapIndex(v, language));
  return {
    name: t.name,
    description: t.description ?? '',
    visibility: t.visibility,
    format: t.format,
    teamSize: t.teamSize,
    // A one-ball format's 100 is no choice of the club's: the field is not shown, and stays empty.
    allowance: isOneBallFormat(t.format) ? '' : String(t.allowancePercent),
    tieBreak: t.tieBreak,
    maxIndex: index(t.maxHandicapIndex),
    entryLimit: t.entryLimit === undefined ? '' : String(t.entryLimit),
    closesAt: t.entriesCloseAt ? localDateTime(t.entriesCloseAt) : '',
    course,
    dates: [...t.rounds].sort((a, b) => a.number - b.number).map((r) => r.playedOn),
    divisions: t.divisions.map((d) => ({
      id: d.id,
      name: d.name,
      teeId: d.teeId,
      min: index(d.minHandicapIndex),
      max: index(d.maxHandicapIndex),
    })),
  };
}

export type FormResult<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/** Everything of TournamentInput but the organization (create), or the same fields for an update. */
export interface TournamentFields {
  name: string;
  description?: string;
  visibility: TournamentVisibility;
  format: TournamentFormat;
  /** Only in a team format; the individual formats' 1 is the server's default. */
  teamSize?: number;
  allowancePercent?: number;
  tieBreak: TieBreak;
  maxHandicapIndex?: number;
  entryLimit?: number;
  entriesCloseAt?: string;
  rounds: { number: number; courseId: string; playedOn: string }[];
  divisions: { id?: string; name: string; teeId: string; minHandicapIndex?: number; maxHandicapIndex?: number }[];
}

/**
 * The form as TournamentInput fields. Field messages use the server's paths ("divisions.0.maxHandicapIndex"),
 * so the form shows the form's own and the server's messages in the same place.
 */
export function toTournamentFields(form: TournamentForm, t: TFunction): FormResult<TournamentFields> {
  const fields: Record<string, string> = {};
  const index = (text: string, path: string): number | undefined => {
    const parsed = parseHandicapIndex(text, t);
    if (!parsed.ok) {
      fields[path] = parsed.message;
      return undefined;
    }
    return parsed.value ?? undefined;
  };
  const whole = (text: string, path: string, message: string): number | undefined => {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    if (!/^\d{1,4}$/.test(trimmed)) {
      fields[path] = message;
      return undefined;
    }
    return Number(trimmed);
  };
  if (!form.course) fields.course = t('tournaments.form.chooseCourse');
  const allowancePercent = showsAllowance(form.format)
    ? whole(form.allowance, 'allowancePercent', t('tournaments.form.allowanceWhole'))
    : undefined;
  const entryLimit = whole(form.entryLimit, 'entryLimit', t('tournaments.form.entryLimitWhole'));
  const maxHandicapIndex = index(form.maxIndex, 'maxHandicapIndex');
  const divisions = form.divisions.map((d, i) => {
    if (!d.teeId) fields[`divisions.${i}.teeId`] = t('tournaments.form.chooseTee');
    const min = index(d.min, `divisions.${i}.minHandicapIndex`);
    const max = index(d.max, `divisions.${i}.maxHandicapIndex`);
    return {
      ...(d.id ? { id: d.id } : {}),
      name: d.name,
      teeId: d.teeId,
      ...(min === undefined ? {} : { minHandicapIndex: min }),
      ...(max === undefined ? {} : { maxHandicapIndex: max }),
    };
  });
  form.dates.forEach((date, i) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fields[`rounds.${i}.playedOn`] = t('tournaments.form.chooseDate');
  });
  let entriesCloseAt: string | undefined;
  if (form.closesAt) {
    const [date, time] = form.closesAt.split('T');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '') || !/^\d{2}:\d{2}/.test(time ?? ''))
      fields.entriesCloseAt = t('tournaments.form.chooseDateTime');
    else entriesCloseAt = osloInstant(date!, time!.slice(0, 5));
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const description = form.description.trim();
  return {
    ok: true,
    value: {
      name: form.name,
      ...(description ? { description } : {}),
      visibility: form.visibility,
      format: form.format,
      ...(isTeamFormat(form.format) ? { teamSize: form.teamSize } : {}),
      ...(allowancePercent === undefined ? {} : { allowancePercent }),
      tieBreak: form.tieBreak,
      ...(maxHandicapIndex === undefined ? {} : { maxHandicapIndex }),
      ...(entryLimit === undefined ? {} : { entryLimit }),
      ...(entriesCloseAt === undefined ? {} : { entriesCloseAt }),
      rounds: form.dates.map((playedOn, i) => ({ number: i + 1, courseId: form.course!.id, playedOn })),
      divisions,
    },
  };
}

/**
 * An edit as tournaments.update's changes: the optional fields cleared with null when emptied, and the
 * format, team size, allowance, tie-break, rounds and divisions left out once play has started (the server refuses them then).
 */
export function toUpdateChanges(fields: TournamentFields, started: boolean) {
  const base = {
    name: fields.name,
    description: fields.description ?? null,
    visibility: fields.visibility,
    maxHandicapIndex: fields.maxHandicapIndex ?? null,
    entryLimit: fields.entryLimit ?? null,
    entriesCloseAt: fields.entriesCloseAt ?? null,
  };
  if (started) return base;
  return {
    ...base,
    format: fields.format,
    teamSize: fields.teamSize,
    allowancePercent: fields.allowancePercent,
    tieBreak: fields.tieBreak,
    rounds: fields.rounds,
    divisions: fields.divisions,
  };
}

/** The tie-break select's hint: what the chosen rule does, in one line. */
export function tieBreakHint(tieBreak: TieBreak, t: TFunction): string {
  return t(`tournaments.form.tieBreakHint.${tieBreak}`);
}

/** The allowance field's hint: what an empty field means for the chosen format. */
export function allowanceHint(format: TournamentFormat, t: TFunction): string {
  const percent = defaultAllowancePercent(format);
  const key =
    format === 'stroke_gross'
      ? 'tournaments.form.allowanceHintGross'
      : isFourBallFormat(format)
        ? 'tournaments.form.allowanceHintFourBall'
        : 'tournaments.form.allowanceHintNet';
  return t(key, { percent });
}

/**
 * Whether the club chooses an allowance: not in the one-ball formats (foursomes, greensomes, scramble),
 * whose team handicap is a fixed combination of the players' course handicaps (GOLF.md).
 */
export function showsAllowance(format: TournamentFormat): boolean {
  return !isOneBallFormat(format);
}

/**
 * The format select's one line on the chosen format: how its handicap allowance is made (GOLF.md); a
 * scramble's for the team size when it is known (two: 35/15, four: 25/20/15/10).
 */
export function formatHint(format: TournamentFormat, t: TFunction, teamSize?: number): string {
  if (format === 'scramble' && (teamSize === 2 || teamSize === 4))
    return t(
      teamSize === 2 ? 'tournaments.form.formatHint.scrambleOfTwo' : 'tournaments.form.formatHint.scrambleOfFour',
    );
  return t(`tournaments.form.formatHint.${format}`);
}

/** The team sizes a format offers a choice between (scramble: 2 or 4); none where it has one size. */
export function teamSizeChoices(format: TournamentFormat): readonly number[] {
  const sizes = teamSizesOf(format);
  return sizes.length > 1 ? sizes : [];
}

/**
 * The form after choosing another format: a team size the new format has (the one chosen, if it has it),
 * and an allowance typed for a format whose allowance the new one does not take left behind.
 */
export function withFormat(form: TournamentForm, format: TournamentFormat): TournamentForm {
  const sizes = teamSizesOf(format);
  const teamSize = sizes.includes(form.teamSize) ? form.teamSize : sizes[0]!;
  return { ...form, format, teamSize, allowance: showsAllowance(format) ? form.allowance : '' };
}
