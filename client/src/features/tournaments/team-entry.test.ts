import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, loadTexts } from '../../i18n';
import type { EntryView } from '../../../../shared/schemas/tournaments';
import { defaultTeamName, emptySlots, entryWithPlayers, selfEntryKind, slotNames, teamPlayers } from './team-entry';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['tournaments']);

const t = i18n.getFixedT('nb');

describe('entering a team', () => {
  it('names a team by its players’ surnames, as the server does, while the places are filled in', () => {
    expect(defaultTeamName(['Mona Medlem', 'Gunnar  Gjest '])).toBe('Medlem / Gjest');
    expect(defaultTeamName(['Kari Nordmann Berg', 'Ola'])).toBe('Berg / Ola');
    const slots = emptySlots(4);
    expect(slots).toHaveLength(4);
    slots[0] = { member: { userId: 'u1', name: 'Mona Medlem' }, guestName: '', guestIndex: '' };
    slots[2] = { member: null, guestName: ' Gunnar Gjest', guestIndex: '' };
    expect(defaultTeamName(slotNames(slots))).toBe('Medlem / Gjest');
  });

  it('makes tournaments.enter’s players: members by account, guests by name and index, and says what is missing where', () => {
    const slots = [
      { member: { userId: 'u1', name: 'Mona Medlem' }, guestName: '', guestIndex: '' },
      { member: null, guestName: 'Gunnar Gjest', guestIndex: '24,3' },
    ];
    expect(teamPlayers(slots, t)).toEqual({
      ok: true,
      players: [{ userId: 'u1' }, { guest: { name: 'Gunnar Gjest', handicapIndex: 24.3 } }],
    });
    const missing = teamPlayers(
      [
        { member: null, guestName: '', guestIndex: '' },
        { member: null, guestName: 'Gunnar Gjest', guestIndex: '' },
        { member: null, guestName: 'Gro Gjest', guestIndex: 'tjue' },
      ],
      t,
    );
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.fields['players.0']).toBe('Velg et medlem eller skriv gjestens navn.');
    expect(missing.fields['players.1.guest.handicapIndex']).toBe('Skriv gjestens handicapindeks.');
    expect(Object.keys(missing.fields)).toEqual([
      'players.0',
      'players.1.guest.handicapIndex',
      'players.2.guest.handicapIndex',
    ]);
  });

  it('lets a member enter alone, with a partner in a team of two, and leaves a four to the club', () => {
    expect([selfEntryKind(1), selfEntryKind(2), selfEntryKind(4)]).toEqual(['alone', 'withPartner', 'byClub']);
  });

  it('names a team in a group line with its players', () => {
    const team: EntryView = {
      id: 'e',
      division: { id: 'd', name: 'A' },
      name: 'Medlem / Gjest',
      players: [
        { id: 'p1', userId: 'u1', name: 'Mona Medlem', handicapIndex: 18.4, courseHandicap: 20 },
        { id: 'p2', name: 'Gunnar Gjest', handicapIndex: 24.3, courseHandicap: 27 },
      ],
      playingHandicap: 9,
      groups: [],
    };
    expect(entryWithPlayers(team)).toBe('Medlem / Gjest (Mona Medlem, Gunnar Gjest)');
    expect(entryWithPlayers(team, (name) => name.toUpperCase())).toBe('MEDLEM / GJEST (MONA MEDLEM, GUNNAR GJEST)');
  });

  it('says it in English too', async () => {
    await applyLanguage('en');
    const en = i18n.getFixedT('en');
    const result = teamPlayers(emptySlots(2), en);
    expect(result.ok || result.fields['players.1']).toBe("Choose a member or type the guest's name.");
    expect(en('tournaments.team.enterTeam', { count: 4 })).toBe('Enter a team of 4');
    await applyLanguage('nb');
  });
});
