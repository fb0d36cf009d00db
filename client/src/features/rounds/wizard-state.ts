import {
  ROUND_FORMAT_LABELS,
  SIDE_SIZES,
  type Language,
  type RoundFormat,
  type RoundHoles,
} from '../../../../shared/values';
import type { CourseChoice } from '../courses/course-choice';
import { i18n } from '../../i18n';

/**
 * The round wizard's state (pure: no React, no storage). The whole draft lives here and in sessionStorage,
 * so a reload or the back button loses nothing; the step lives in the URL (?steg=), so the browser's back
 * button goes to the previous step. The server is called in docs/contract.md section 8's order (round, then
 * sides, then participants) by `nextCall`, one call at a time; each answer is recorded before the next call,
 * so a reload half-way resumes where it stopped and never creates anything twice.
 */

export const STEPS = ['bane', 'oppsett', 'spillere', 'start'] as const;
export type WizardStep = (typeof STEPS)[number];

export type Format = RoundFormat;
export type HolesChoice = RoundHoles;

export interface WizardSide {
  key: string;
  name: string;
  /** Set once the server has created it. */
  serverId: string | null;
}

export type WizardPerson =
  | { key: string; kind: 'account'; userId: string; name: string; sideKey: string; serverId: string | null }
  | { key: string; kind: 'guest'; name: string; handicapIndex: number; sideKey: string; serverId: string | null };

export interface WizardState {
  version: 1;
  course: CourseChoice | null;
  teeId: string | null;
  playedOn: string;
  format: Format;
  holes: HolesChoice;
  sides: WizardSide[];
  people: WizardPerson[];
  /** Set once the round exists on the server: from then on course, tee, date, format and holes are fixed. */
  roundId: string | null;
}

export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function initialWizard(now: Date): WizardState {
  return {
    version: 1,
    course: null,
    teeId: null,
    playedOn: localDate(now),
    format: 'stroke',
    holes: '18',
    sides: [],
    people: [],
    roundId: null,
  };
}

export type WizardAction =
  /** `lastTeeId`: the tee of the player's latest round on this course, if any (see `lastTeeOn`). */
  | { type: 'chooseCourse'; course: CourseChoice; lastTeeId?: string | null }
  | { type: 'setTee'; teeId: string }
  | { type: 'setDate'; playedOn: string }
  | { type: 'setFormat'; format: Format }
  | { type: 'setHoles'; holes: HolesChoice }
  /**
   * Adds a person; `sideKey` null puts them on a side of their own, named after them, or `unnamedSide`
   * (the reader's word for a team) when they have no name.
   */
  | {
      type: 'addPerson';
      unnamedSide?: string;
      person: DistributiveOmit<WizardPerson, 'key' | 'sideKey' | 'serverId'>;
      sideKey: string | null;
      key: string;
    }
  | { type: 'movePerson'; key: string; sideKey: string | null; newSideKey?: string; unnamedSide?: string }
  | { type: 'removePerson'; key: string }
  | { type: 'renameSide'; key: string; name: string }
  | { type: 'roundCreated'; roundId: string }
  | { type: 'sideCreated'; key: string; serverId: string }
  | { type: 'personAdded'; key: string; serverId: string }
  | { type: 'reset'; now: Date };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A new side is named after the person who starts it (renamed by hand for a team), never twice the same. */
function newSideName(sides: WizardSide[], personName: string, unnamedSide = 'Lag'): string {
  const used = new Set(sides.map((s) => s.name));
  const base = personName.trim().slice(0, 50) || unnamedSide;
  if (!used.has(base)) return base;
  for (let i = 2; ; i += 1) {
    const name = `${base} (${i})`;
    if (!used.has(name)) return name;
  }
}

/** A side nobody is on is dropped, unless the server already has it. */
function pruneSides(state: WizardState): WizardState {
  const inUse = new Set(state.people.map((p) => p.sideKey));
  const sides = state.sides.filter((s) => inUse.has(s.key) || s.serverId !== null);
  return sides.length === state.sides.length ? state : { ...state, sides };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const locked = state.roundId !== null;
  switch (action.type) {
    case 'chooseCourse': {
      if (locked) return state;
      const tees = action.course.tees;
      const has = (id: string | null | undefined) => tees.some((t) => t.id === id);
      // No tee is chosen for the player (decision 0508): the one chosen before on this course, the last
      // round's on it, or the only one there is; otherwise the player picks.
      const teeId = has(state.teeId)
        ? state.teeId
        : has(action.lastTeeId)
          ? action.lastTeeId!
          : tees.length === 1
            ? tees[0]!.id
            : null;
      return {
        ...state,
        course: action.course,
        teeId,
        // A nine-hole course is played as its "front nine": the server wants front9 for it.
        holes:
          action.course.holeCount === 9
            ? 'front9'
            : state.holes === 'front9' && state.course?.holeCount === 9
              ? '18'
              : state.holes,
      };
    }
    case 'setTee':
      return locked || !state.course?.tees.some((t) => t.id === action.teeId)
        ? state
        : { ...state, teeId: action.teeId };
    case 'setDate':
      return locked ? state : { ...state, playedOn: action.playedOn };
    case 'setFormat':
      return locked ? state : { ...state, format: action.format };
    case 'setHoles':
      return locked || (state.course?.holeCount === 9 && action.holes !== 'front9')
        ? state
        : { ...state, holes: action.holes };
    case 'addPerson': {
      if (
        action.person.kind === 'account' &&
        state.people.some((p) => p.kind === 'account' && p.userId === (action.person as { userId: string }).userId)
      ) {
        return state;
      }
      let sides = state.sides;
      let sideKey = action.sideKey;
      // A side as large as the format allows takes nobody more (the server would refuse: 409).
      if (sideKey === null || !sides.some((s) => s.key === sideKey) || sideIsFull(state, sideKey)) {
        sideKey = `side-${action.key}`;
        sides = [
          ...sides,
          { key: sideKey, name: newSideName(sides, action.person.name, action.unnamedSide), serverId: null },
        ];
      }
      const person = { ...action.person, key: action.key, sideKey, serverId: null } as WizardPerson;
      return { ...state, sides, people: [...state.people, person] };
    }
    case 'movePerson': {
      const person = state.people.find((p) => p.key === action.key);
      // Someone already on the round stays where the server has them.
      if (!person || person.serverId !== null) return state;
      if (action.sideKey !== null && action.sideKey !== person.sideKey && sideIsFull(state, action.sideKey))
        return state;
      const existing = action.sideKey !== null && state.sides.some((s) => s.key === action.sideKey);
      const sideKey = existing ? action.sideKey! : (action.newSideKey ?? `side-${action.key}-${state.sides.length}`);
      // Move first and drop the side left empty, so a new side can take the name it freed.
      const moved = pruneSides({
        ...state,
        people: state.people.map((p) => (p.key === action.key ? { ...p, sideKey } : p)),
      });
      if (existing) return moved;
      return {
        ...moved,
        sides: [
          ...moved.sides,
          { key: sideKey, name: newSideName(moved.sides, person.name, action.unnamedSide), serverId: null },
        ],
      };
    }
    case 'removePerson': {
      const person = state.people.find((p) => p.key === action.key);
      if (!person || person.serverId !== null) return state;
      return pruneSides({ ...state, people: state.people.filter((p) => p.key !== action.key) });
    }
    case 'renameSide': {
      const name = action.name.slice(0, 60);
      return {
        ...state,
        sides: state.sides.map((s) => (s.key === action.key && s.serverId === null ? { ...s, name } : s)),
      };
    }
    case 'roundCreated':
      return { ...state, roundId: action.roundId };
    case 'sideCreated':
      return {
        ...state,
        sides: state.sides.map((s) => (s.key === action.key ? { ...s, serverId: action.serverId } : s)),
      };
    case 'personAdded':
      return {
        ...state,
        people: state.people.map((p) => (p.key === action.key ? { ...p, serverId: action.serverId } : p)),
      };
    case 'reset':
      return initialWizard(action.now);
  }
}

/** The players on a side now. */
export function sideSize(state: Pick<WizardState, 'people'>, sideKey: string): number {
  return state.people.filter((p) => p.sideKey === sideKey).length;
}

/** Whether a side has as many players as its format allows (four-ball, foursomes and greensomes 2, scramble 4). */
export function sideIsFull(state: Pick<WizardState, 'format' | 'people'>, sideKey: string): boolean {
  const sizes = SIDE_SIZES[state.format];
  return sizes !== null && sideSize(state, sideKey) >= Math.max(...sizes);
}

/**
 * Where the next player goes unless the organiser picks a side: in a team format, the newest side with
 * fewer than two players (so players pair up as they are added; a scramble four is two more picked onto a
 * pair); otherwise a new side of their own (null), as stroke play always had it.
 */
export function defaultSideFor(state: Pick<WizardState, 'format' | 'people' | 'sides'>): string | null {
  const sizes = SIDE_SIZES[state.format];
  if (!sizes) return null;
  // A side of one is allowed in four-ball (a lone ball), but two is what the format is played as.
  const smallest = Math.min(...sizes.filter((n) => n > 1));
  const open = [...state.sides].reverse().find((s) => {
    const size = sideSize(state, s.key);
    return size > 0 && size < smallest;
  });
  return open?.key ?? null;
}

/** The reasons a step cannot be left yet, in the reader's language; empty when it can. */
export function stepProblems(state: WizardState, step: WizardStep, language: Language = 'nb'): string[] {
  const t = i18n.getFixedT(language);
  const problems: string[] = [];
  if (!state.course) problems.push(t('rounds.wizard.problems.course'));
  if (step === 'bane') return problems;
  if (!state.teeId) problems.push(t('rounds.wizard.problems.tee'));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(state.playedOn)) problems.push(t('rounds.wizard.problems.date'));
  if (step === 'oppsett') return problems;
  const sidesInUse = state.sides.filter((s) => state.people.some((p) => p.sideKey === s.key));
  if (state.people.length === 0) problems.push(t('rounds.wizard.problems.players'));
  if (state.format === 'match' && sidesInUse.length !== 2) problems.push(t('rounds.wizard.problems.matchSides'));
  const sizes = SIDE_SIZES[state.format];
  if (sizes) {
    for (const side of sidesInUse) {
      if (sizes.includes(sideSize(state, side.key))) continue;
      problems.push(
        t('rounds.wizard.problems.sideSize', {
          side: side.name,
          format: ROUND_FORMAT_LABELS[language][state.format],
          sizes: sizes.map(String),
        }),
      );
    }
  }
  return problems;
}

/** The first step that still has problems: where a reload or a deep link to a later step lands. */
export function firstOpenStep(state: WizardState, wanted: WizardStep): WizardStep {
  for (const step of STEPS) {
    if (step === wanted) return wanted;
    if (stepProblems(state, step).length > 0) return step;
  }
  return wanted;
}

export function parseStep(value: string | null): WizardStep {
  return (STEPS as readonly string[]).includes(value ?? '') ? (value as WizardStep) : 'bane';
}

/** The server call still to make, in the contract's order, or null when the round is complete on the server. */
export type WizardCall =
  | { kind: 'round'; input: { courseId: string; teeId: string; playedOn: string; format: Format; holes: HolesChoice } }
  | { kind: 'side'; key: string; input: { roundId: string; name: string } }
  | {
      kind: 'participant';
      key: string;
      input:
        | { roundId: string; sideId: string; userId: string }
        | { roundId: string; sideId: string; guest: { name: string; handicapIndex: number } };
    };

export function nextCall(state: WizardState): WizardCall | null {
  if (!state.course || !state.teeId) return null;
  if (state.roundId === null) {
    return {
      kind: 'round',
      input: {
        courseId: state.course.id,
        teeId: state.teeId,
        playedOn: state.playedOn,
        format: state.format,
        holes: state.holes,
      },
    };
  }
  const roundId = state.roundId;
  const inUse = new Set(state.people.map((p) => p.sideKey));
  const side = state.sides.find((s) => s.serverId === null && inUse.has(s.key));
  if (side) return { kind: 'side', key: side.key, input: { roundId, name: side.name } };
  for (const person of state.people) {
    if (person.serverId !== null) continue;
    const sideId = state.sides.find((s) => s.key === person.sideKey)?.serverId;
    if (!sideId) continue;
    return person.kind === 'account'
      ? { kind: 'participant', key: person.key, input: { roundId, sideId, userId: person.userId } }
      : {
          kind: 'participant',
          key: person.key,
          input: { roundId, sideId, guest: { name: person.name, handicapIndex: person.handicapIndex } },
        };
  }
  return null;
}

/** Reads a stored draft, or null when there is none or it is not one this version understands. */
/** The tee of the newest of these rounds (newest first, as rounds.mine lists them) played on the course. */
export function lastTeeOn(rounds: readonly { course: { id: string }; tee: { id: string } }[], courseId: string) {
  return rounds.find((r) => r.course.id === courseId)?.tee.id ?? null;
}

export function restoreWizard(raw: string | null): WizardState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<WizardState>;
    if (
      value.version !== 1 ||
      !Array.isArray(value.sides) ||
      !Array.isArray(value.people) ||
      typeof value.playedOn !== 'string'
    )
      return null;
    return value as WizardState;
  } catch {
    return null;
  }
}
