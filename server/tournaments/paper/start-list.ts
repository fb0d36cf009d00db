import { asc, eq } from 'drizzle-orm';
import { formatDateTime, formatDays } from '../../../shared/format/dates';
import { isTeamEntry } from '../../../shared/format/entry';
import type { EntryView, GroupView } from '../../../shared/schemas/tournaments';
import type { Language } from '../../../shared/values';
import { course, organization, tournamentRound } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { OrgScope } from '../../organizations/scope';
import { signed } from '../results-csv';
import { requireTournamentRow, type TournamentRow } from '../access';
import { groupViews } from '../group-view';
import {
  A4_MARGIN_PT,
  BOLD,
  clock,
  type Doc,
  finish,
  newDocument,
  headedPage,
  type PdfFile,
  pdfFileName,
  playingHandicapText,
  REGULAR,
  roomBelow,
  rule,
  sectionHeading,
  words,
} from './layout';

/** What the start list and the scorecards print about the tournament: its club, course and rounds. */
export interface PaperTournament {
  row: TournamentRow;
  organizationName: string;
  courseName: string;
  rounds: { number: number; playedOn: string; groups: GroupView[] }[];
}

/** The scope's tournament with what its paper names, each round with its groups (the start list as it is). */
export async function paperTournament(scope: OrgScope, tournamentId: string): Promise<PaperTournament> {
  const row = await requireTournamentRow(scope, tournamentId);
  const [club] = await scope.tx
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, row.organizationId));
  const [played] = await scope.tx.select({ name: course.name }).from(course).where(eq(course.id, row.courseId));
  const rounds = await scope.tx
    .select({ number: tournamentRound.number, playedOn: tournamentRound.playedOn })
    .from(tournamentRound)
    .where(eq(tournamentRound.tournamentId, row.id))
    .orderBy(asc(tournamentRound.number));
  const withGroups = [];
  for (const r of rounds) withGroups.push({ ...r, groups: await groupViews(scope.tx, row, r.number) });
  return { row, organizationName: club?.name ?? '', courseName: played?.name ?? '', rounds: withGroups };
}

/** The lines under a page's title: tournament, club and course. */
export function tournamentLines(t: PaperTournament): string[] {
  return [t.row.name, [t.organizationName, t.courseName].filter(Boolean).join(' · ')];
}

/**
 * tournaments.startListPdf: any member of the organization (decision 0431). Every round that has groups, each
 * group with its start time in Norway's time and tee, its players (or teams with their players) with division,
 * handicap index and playing handicap as the start list shows them (frozen from play on, as of now before).
 * No groups in any round: 409, there is nothing to print yet.
 */
export async function tournamentStartListPdf(
  _deps: Deps,
  scope: OrgScope,
  input: { tournamentId: string },
): Promise<PdfFile> {
  const language = scope.language ?? 'nb';
  const t = await paperTournament(scope, input.tournamentId);
  const rounds = t.rounds.filter((r) => r.groups.length > 0);
  if (rounds.length === 0) throw new AppError('CONFLICT', { key: 'errors.tournaments.noStartListYet' });
  const title = words(language, 'startList.title');
  const doc = newDocument({ title: `${title} – ${t.row.name}`, author: t.organizationName });
  for (const round of rounds) {
    const heading = words(language, 'roundOn', { number: round.number, date: formatDays([round.playedOn], language) });
    // Each page of a round, the ones its groups run onto included, starts with the round and the column heads.
    const startPage = () => {
      headedPage(doc, title, tournamentLines(t));
      sectionHeading(doc, heading);
      doc.moveDown(0.3);
      tableHead(doc, language);
    };
    startPage();
    for (const group of round.groups) {
      if (roomBelow(doc, doc.y) < groupHeight(group)) startPage();
      drawGroup(doc, group, language);
    }
  }
  const footer = words(language, 'printed', { at: formatDateTime(new Date(), language) });
  return finish(doc, pdfFileName('startliste', t.row.slug), footer, language);
}

// Columns across the page (x from the margin, width): time, tee, player, division, index, playing handicap.
const COLUMNS = {
  time: [0, 52],
  tee: [52, 34],
  player: [86, 215],
  division: [301, 110],
  index: [411, 56],
  ph: [467, 56],
} as const;
const ROW_PT = 17;
const FONT_PT = 10.5;

function at(column: keyof typeof COLUMNS): { x: number; width: number } {
  const [x, width] = COLUMNS[column];
  return { x: A4_MARGIN_PT + x, width };
}

function tableHead(doc: Doc, language: Language): void {
  const y = doc.y;
  doc.font(BOLD).fontSize(9).fillColor('#333333');
  const head: [keyof typeof COLUMNS, string, 'left' | 'right'][] = [
    ['time', words(language, 'startList.time'), 'left'],
    ['tee', words(language, 'startList.tee'), 'left'],
    ['player', words(language, 'startList.player'), 'left'],
    ['division', words(language, 'startList.division'), 'left'],
    ['index', words(language, 'startList.index'), 'right'],
    ['ph', words(language, 'startList.playingHandicap'), 'right'],
  ];
  for (const [column, text, align] of head) doc.text(text, at(column).x, y, { width: at(column).width, align });
  doc.fillColor('black');
  const line = y + 13;
  rule(doc, line, { lineWidth: 1 });
  doc.y = line + 4;
}

/** A group's lines: one per player, a team's name and then its players. */
function linesOf(entry: EntryView): number {
  return isTeamEntry(entry) ? 1 + entry.players.length : 1;
}

function groupHeight(group: GroupView): number {
  return group.entries.reduce((sum, e) => sum + linesOf(e), 0) * ROW_PT + 6;
}

function drawGroup(doc: Doc, group: GroupView, language: Language): void {
  const top = doc.y;
  doc.font(BOLD).fontSize(12);
  doc.text(clock(new Date(group.startsAt), language), at('time').x, top + 1, { width: at('time').width });
  doc.text(String(group.tee), at('tee').x, top + 1, { width: at('tee').width });
  let y = top;
  const cell = (column: keyof typeof COLUMNS, text: string, options: { bold?: boolean; right?: boolean } = {}) => {
    doc.font(options.bold ? BOLD : REGULAR).fontSize(FONT_PT);
    doc.text(text, at(column).x, y + 2, {
      width: at(column).width,
      align: options.right ? 'right' : 'left',
      lineBreak: false,
      ellipsis: true,
    });
  };
  for (const entry of group.entries) {
    if (isTeamEntry(entry)) {
      cell('player', entry.name, { bold: true });
      cell('division', entry.division.name);
      cell('ph', playingHandicapText(entry.playingHandicap), { bold: true, right: true });
      y += ROW_PT;
      for (const p of entry.players) {
        doc.font(REGULAR).fontSize(FONT_PT);
        doc.text(p.name, at('player').x + 12, y + 2, {
          width: at('player').width - 12,
          lineBreak: false,
          ellipsis: true,
        });
        cell('index', signed(p.handicapIndex, 1), { right: true });
        if (p.playingHandicap !== undefined) cell('ph', playingHandicapText(p.playingHandicap), { right: true });
        y += ROW_PT;
      }
    } else {
      cell('player', entry.player.name, { bold: true });
      cell('division', entry.division.name);
      cell('index', signed(entry.handicapIndex, 1), { right: true });
      cell('ph', playingHandicapText(entry.playingHandicap), { bold: true, right: true });
      y += ROW_PT;
    }
  }
  const line = y + 3;
  rule(doc, line, { lineWidth: 0.5, colour: '#999999' });
  doc.y = line + 3;
}
