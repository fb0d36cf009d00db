import { applyLanguage, loadTexts } from '../../i18n';
import { describe, expect, it } from 'vitest';
import type { CourseChoice } from '../courses/course-choice';
import {
  defaultSideFor,
  firstOpenStep,
  initialWizard,
  lastTeeOn,
  nextCall,
  parseStep,
  restoreWizard,
  stepProblems,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['rounds']);

const now = new Date(2026, 4, 17, 9, 30);
const course18: CourseChoice = {
  id: 'c-18',
  name: 'Fjellvik 18',
  kind: 'official',
  clubName: 'Fjellvik GK',
  holeCount: 18,
  tees: [
    { id: 't-yellow', name: 'Gul', color: 'yellow', par: 72, lengthMeters: 5900 },
    { id: 't-red', name: 'Rød', color: 'red', par: 72, lengthMeters: 5100 },
  ],
};
const course9: CourseChoice = {
  ...course18,
  id: 'c-9',
  name: 'Korthull',
  holeCount: 9,
  tees: [{ id: 't-9', name: 'Hvit', color: null, par: 30, lengthMeters: null }],
};

function run(...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, initialWizard(now));
}

const guest = (name: string, handicapIndex = 20) => ({ kind: 'guest' as const, name, handicapIndex });
const account = (userId: string, name: string) => ({ kind: 'account' as const, userId, name });

describe('the wizard draft', () => {
  it('starts today, stroke play over 18 holes, with nothing chosen', () => {
    expect(initialWizard(now)).toEqual({
      version: 1,
      course: null,
      teeId: null,
      playedOn: '2026-05-17',
      format: 'stroke',
      holes: '18',
      sides: [],
      people: [],
      roundId: null,
    });
  });

  it('chooses no tee for the player, keeps a tee the new course also has, and ignores tees it does not have', () => {
    let state = run({ type: 'chooseCourse', course: course18 });
    expect(state.teeId).toBeNull();
    expect(stepProblems(state, 'oppsett')).toContain('Velg teested.');
    state = wizardReducer(state, { type: 'setTee', teeId: 't-red' });
    state = wizardReducer(state, { type: 'chooseCourse', course: { ...course18, name: 'same tees' } });
    expect(state.teeId).toBe('t-red');
    expect(wizardReducer(state, { type: 'setTee', teeId: 'not-a-tee' }).teeId).toBe('t-red');
  });

  it("takes the tee of the player's last round on the course, or a course's only tee", () => {
    const rounds = [
      { course: { id: 'c-other' }, tee: { id: 't-x' } },
      { course: { id: 'c-18' }, tee: { id: 't-red' } },
      { course: { id: 'c-18' }, tee: { id: 't-yellow' } },
    ];
    expect(lastTeeOn(rounds, 'c-18')).toBe('t-red');
    expect(lastTeeOn(rounds, 'c-new')).toBeNull();
    expect(run({ type: 'chooseCourse', course: course18, lastTeeId: 't-red' }).teeId).toBe('t-red');
    // A tee since removed from the course is no choice.
    expect(run({ type: 'chooseCourse', course: course18, lastTeeId: 't-gone' }).teeId).toBeNull();
    expect(run({ type: 'chooseCourse', course: course9 }).teeId).toBe('t-9');
  });

  it('offers a choice of nines only on an 18-hole course, and plays a nine-hole course as front9', () => {
    let state = run({ type: 'chooseCourse', course: course18 }, { type: 'setHoles', holes: 'back9' });
    expect(state.holes).toBe('back9');
    state = wizardReducer(state, { type: 'chooseCourse', course: course9 });
    expect(state.holes).toBe('front9');
    expect(wizardReducer(state, { type: 'setHoles', holes: '18' }).holes).toBe('front9');
    expect(wizardReducer(state, { type: 'setHoles', holes: 'back9' }).holes).toBe('front9');
    // Back to an 18-hole course: all 18 again, not the nine-hole course's setting.
    expect(wizardReducer(state, { type: 'chooseCourse', course: course18 }).holes).toBe('18');
  });

  it('puts each new person on a side of their own unless a side is named, and never adds an account twice', () => {
    const state = run(
      { type: 'chooseCourse', course: course18 },
      { type: 'addPerson', person: account('u1', 'Kari'), sideKey: null, key: 'p1' },
      { type: 'addPerson', person: guest('Ola'), sideKey: null, key: 'p2' },
      { type: 'addPerson', person: guest('Per'), sideKey: 'side-p1', key: 'p3' },
      { type: 'addPerson', person: account('u1', 'Kari again'), sideKey: null, key: 'p4' },
    );
    // A side is named after the person who starts it.
    expect(state.sides.map((s) => s.name)).toEqual(['Kari', 'Ola']);
    expect(state.people.map((p) => [p.name, p.sideKey])).toEqual([
      ['Kari', 'side-p1'],
      ['Ola', 'side-p2'],
      ['Per', 'side-p1'],
    ]);
  });

  it('names the side of someone without a name with the word the reader gave, numbered when taken', () => {
    let state = run(
      { type: 'addPerson', person: account('u1', ' '), sideKey: null, key: 'a', unnamedSide: 'Team' },
      { type: 'addPerson', person: account('u2', ''), sideKey: null, key: 'b', unnamedSide: 'Team' },
    );
    expect(state.sides.map((s) => s.name)).toEqual(['Team', 'Team (2)']);
    state = wizardReducer(state, { type: 'movePerson', key: 'a', sideKey: null, newSideKey: 'n', unnamedSide: 'Team' });
    expect(state.sides.map((s) => s.name)).toEqual(['Team (2)', 'Team']);
  });

  it('moves people between sides, to a new side, and drops a side left empty', () => {
    let state = run(
      { type: 'addPerson', person: guest('A'), sideKey: null, key: 'a' },
      { type: 'addPerson', person: guest('B'), sideKey: null, key: 'b' },
    );
    state = wizardReducer(state, { type: 'movePerson', key: 'b', sideKey: 'side-a' });
    expect(state.sides.map((s) => s.key)).toEqual(['side-a']);
    expect(state.people.every((p) => p.sideKey === 'side-a')).toBe(true);
    state = wizardReducer(state, { type: 'movePerson', key: 'a', sideKey: null, newSideKey: 'fresh' });
    expect(state.sides.map((s) => [s.key, s.name])).toEqual([
      ['side-a', 'A'],
      ['fresh', 'A (2)'],
    ]);
    // Alone on a side, moving to a new one: the old side goes and its name is free again.
    state = wizardReducer(state, { type: 'movePerson', key: 'a', sideKey: null, newSideKey: 'fresher' });
    expect(state.sides.map((s) => [s.key, s.name])).toEqual([
      ['side-a', 'A'],
      ['fresher', 'A (2)'],
    ]);
    state = wizardReducer(state, { type: 'removePerson', key: 'a' });
    expect(state.sides.map((s) => s.key)).toEqual(['side-a']);
  });

  it('fixes course, tee, date, format and holes once the round exists, and people once they are on it', () => {
    let state = run(
      { type: 'chooseCourse', course: course18 },
      { type: 'addPerson', person: guest('A'), sideKey: null, key: 'a' },
      { type: 'roundCreated', roundId: 'r1' },
      { type: 'sideCreated', key: 'side-a', serverId: 's1' },
      { type: 'personAdded', key: 'a', serverId: 'p1' },
    );
    const before = state;
    for (const action of [
      { type: 'chooseCourse', course: course9 },
      { type: 'setTee', teeId: 't-red' },
      { type: 'setDate', playedOn: '2026-06-01' },
      { type: 'setFormat', format: 'match' },
      { type: 'setHoles', holes: 'front9' },
      { type: 'removePerson', key: 'a' },
      { type: 'movePerson', key: 'a', sideKey: null },
      { type: 'renameSide', key: 'side-a', name: 'new name' },
    ] as WizardAction[]) {
      state = wizardReducer(state, action);
    }
    expect(state).toEqual(before);
  });
});

describe('when a step may be left', () => {
  it('asks for a course, then tee and date, then players; match play wants exactly two sides', async () => {
    expect(stepProblems(initialWizard(now), 'bane')).toEqual(['Velg en bane.']);
    let state = run({ type: 'chooseCourse', course: course18 }, { type: 'setTee', teeId: 't-yellow' });
    expect(stepProblems(state, 'oppsett')).toEqual([]);
    expect(stepProblems({ ...state, playedOn: '' }, 'oppsett')).toEqual(['Velg en dato.']);
    expect(stepProblems(state, 'spillere')).toEqual(['Legg til minst én spiller.']);
    state = wizardReducer(state, { type: 'setFormat', format: 'match' });
    state = wizardReducer(state, { type: 'addPerson', person: guest('A'), sideKey: null, key: 'a' });
    expect(stepProblems(state, 'spillere')).toEqual(['Matchspill trenger nøyaktig to lag.']);
    await applyLanguage('en');
    expect(stepProblems(state, 'spillere', 'en')).toEqual(['Match play needs exactly two teams.']);
    state = wizardReducer(state, { type: 'addPerson', person: guest('B'), sideKey: null, key: 'b' });
    expect(stepProblems(state, 'spillere')).toEqual([]);
  });

  it('lands a deep link or a reload on the first step that is not done', () => {
    expect(firstOpenStep(initialWizard(now), 'spillere')).toBe('bane');
    const state = run({ type: 'chooseCourse', course: course18 }, { type: 'setTee', teeId: 't-yellow' });
    expect(firstOpenStep(state, 'start')).toBe('spillere');
    expect(firstOpenStep(state, 'oppsett')).toBe('oppsett');
    expect(parseStep('spillere')).toBe('spillere');
    expect(parseStep('nonsense')).toBe('bane');
    expect(parseStep(null)).toBe('bane');
  });
});

describe('calling the server in the contract order', () => {
  const ready = run(
    { type: 'chooseCourse', course: course18 },
    { type: 'setTee', teeId: 't-yellow' },
    { type: 'setFormat', format: 'stableford' },
    { type: 'addPerson', person: account('u1', 'Kari'), sideKey: null, key: 'a' },
    { type: 'addPerson', person: guest('Ola', 12.4), sideKey: null, key: 'b' },
    { type: 'addPerson', person: guest('Per', 30), sideKey: 'side-a', key: 'c' },
  );

  /** Plays the calls out against a fake server, recording their order. */
  function drive(state: WizardState): { state: WizardState; calls: string[] } {
    const calls: string[] = [];
    for (let call = nextCall(state); call; call = nextCall(state)) {
      if (call.kind === 'round') {
        calls.push(
          `round ${call.input.courseId} ${call.input.teeId} ${call.input.format} ${call.input.holes} ${call.input.playedOn}`,
        );
        state = wizardReducer(state, { type: 'roundCreated', roundId: 'r1' });
      } else if (call.kind === 'side') {
        calls.push(`side ${call.input.name}`);
        state = wizardReducer(state, { type: 'sideCreated', key: call.key, serverId: `srv-${call.key}` });
      } else {
        calls.push(
          `participant ${'userId' in call.input ? call.input.userId : call.input.guest.name} on ${call.input.sideId}`,
        );
        state = wizardReducer(state, { type: 'personAdded', key: call.key, serverId: `srv-${call.key}` });
      }
    }
    return { state, calls };
  }

  it('creates the round, then every side, then every participant on its side', () => {
    expect(drive(ready).calls).toEqual([
      'round c-18 t-yellow stableford 18 2026-05-17',
      'side Kari',
      'side Ola',
      'participant u1 on srv-side-a',
      'participant Ola on srv-side-b',
      'participant Per on srv-side-a',
    ]);
  });

  it('resumes after an interruption without repeating a call, and has nothing left when done', () => {
    let state = ready;
    state = wizardReducer(state, { type: 'roundCreated', roundId: 'r1' });
    state = wizardReducer(state, { type: 'sideCreated', key: 'side-a', serverId: 'srv-side-a' });
    // Reloaded here: stored and read back.
    state = restoreWizard(JSON.stringify(state))!;
    const { state: done, calls } = drive(state);
    expect(calls).toEqual([
      'side Ola',
      'participant u1 on srv-side-a',
      'participant Ola on srv-side-b',
      'participant Per on srv-side-a',
    ]);
    expect(nextCall(done)).toBeNull();
  });

  it('sends guests with their handicap index and nothing before a course and tee are chosen', () => {
    expect(nextCall(initialWizard(now))).toBeNull();
    const state = drive(ready).state;
    const added = wizardReducer(state, {
      type: 'addPerson',
      person: guest('Sen', -1.5),
      sideKey: 'side-b',
      key: 'late',
    });
    expect(nextCall(added)).toEqual({
      kind: 'participant',
      key: 'late',
      input: { roundId: 'r1', sideId: 'srv-side-b', guest: { name: 'Sen', handicapIndex: -1.5 } },
    });
  });

  it('reads back only drafts of its own version', () => {
    expect(restoreWizard(null)).toBeNull();
    expect(restoreWizard('{not json')).toBeNull();
    expect(restoreWizard(JSON.stringify({ version: 2 }))).toBeNull();
    expect(restoreWizard(JSON.stringify(ready))).toEqual(ready);
  });
});

describe('side sizes in the team formats', () => {
  const base: WizardAction[] = [
    { type: 'chooseCourse', course: course18 },
    { type: 'setTee', teeId: 't-yellow' },
  ];
  /** Each player added where the wizard suggests (what the players step does unless a side is picked). */
  function addAll(format: WizardState['format'], names: string[]): WizardState {
    let state = run(...base, { type: 'setFormat', format });
    for (const [i, name] of names.entries())
      state = wizardReducer(state, {
        type: 'addPerson',
        person: guest(name),
        sideKey: defaultSideFor(state),
        key: `p${i}`,
      });
    return state;
  }
  const sizes = (state: WizardState) => state.sides.map((s) => state.people.filter((p) => p.sideKey === s.key).length);

  it('pairs players up as they are added in foursomes, greensomes, four-ball and scramble', () => {
    for (const format of ['foursomes', 'greensomes', 'fourball_stroke', 'fourball_stableford', 'scramble'] as const) {
      expect(sizes(addAll(format, ['A', 'B', 'C', 'D']))).toEqual([2, 2]);
    }
    // Stroke play keeps a side of one's own for each player.
    expect(sizes(addAll('stroke', ['A', 'B']))).toEqual([1, 1]);
  });

  it('names a side of the wrong size before the round is created, and lets a scramble four through', () => {
    const odd = addAll('foursomes', ['A', 'B', 'C']);
    expect(stepProblems(odd, 'spillere')).toEqual(['C: et lag i Foursome har 2 spillere.']);
    const three = addAll('scramble', ['A', 'B', 'C']);
    expect(stepProblems(three, 'spillere')).toEqual(['C: et lag i Texas scramble har 2 eller 4 spillere.']);
    const pair = three.people[0]!.sideKey;
    const onPair = wizardReducer(three, { type: 'movePerson', key: 'p2', sideKey: pair });
    expect(sizes(onPair)).toEqual([3]);
    const four = wizardReducer(onPair, { type: 'addPerson', person: guest('D'), sideKey: pair, key: 'p3' });
    expect(sizes(four)).toEqual([4]);
    expect(stepProblems(four, 'spillere')).toEqual([]);
    // A scramble side takes at most four: a fifth player starts a side of their own.
    const five = wizardReducer(four, { type: 'addPerson', person: guest('E'), sideKey: pair, key: 'p4' });
    expect(sizes(five)).toEqual([4, 1]);
  });

  it('keeps a full side full: a player moved onto it stays where they were', () => {
    const state = addAll('greensomes', ['A', 'B', 'C']);
    const moved = wizardReducer(state, { type: 'movePerson', key: 'p2', sideKey: state.people[0]!.sideKey });
    expect(moved).toBe(state);
  });
});
