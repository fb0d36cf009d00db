import { formatDateTime, formatDays } from '../../../shared/format/dates';
import { ranksByPoints } from '../../../shared/formats';
import type { LeaderboardRowView } from '../../../shared/schemas/tournaments';
import type { Language } from '../../../shared/values';
import type { Viewer } from '../../actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { publicTournamentPage } from '../public';
import {
  A4_MARGIN_PT,
  BOLD,
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

/**
 * public.resultsPdf: the final results of a finished tournament, division by division, exactly as its public
 * page ranks them (decision 0431): the rows are the page's own leaderboard (public.ts, its cache included),
 * never ranked again here. Whoever may read the page may read the file; a tournament not found for the
 * reader (a draft, members-only to a non-member) is the page's 404; one not finished yet is 409.
 */
export async function publicResultsPdf(deps: Deps, viewer: Viewer, input: { slug: string }): Promise<PdfFile> {
  const language = viewer.language ?? 'nb';
  const page = await publicTournamentPage(deps, viewer, input);
  const t = page.tournament;
  if (t.status !== 'finished') throw new AppError('CONFLICT', { key: 'errors.tournaments.resultsPdfNotYet' });
  const title = words(language, 'results.title');
  const heading = [
    t.name,
    [
      t.organization.name,
      page.course?.name,
      formatDays(
        t.rounds.map((r) => r.playedOn),
        language,
      ),
    ]
      .filter(Boolean)
      .join(' · '),
  ];
  const doc = newDocument({ title: `${title} – ${t.name}`, author: t.organization.name });
  headedPage(doc, title, heading);
  const columns = columnsOf(t.rounds.length, ranksByPoints(t.format));
  for (const division of page.leaderboard.divisions) {
    // A division starts where its heading, its column heads and its first rows fit.
    if (roomBelow(doc, doc.y) < 80) headedPage(doc, title, heading);
    sectionHeading(doc, division.name);
    doc.moveDown(0.2);
    head(doc, columns, language);
    if (division.rows.length === 0) {
      doc
        .font(REGULAR)
        .fontSize(10)
        .text(words(language, 'results.noRows'), A4_MARGIN_PT, doc.y + 2);
      doc.moveDown(0.5);
    }
    for (const row of division.rows) {
      const height = rowHeight(row);
      if (roomBelow(doc, doc.y) < height) {
        headedPage(doc, title, heading);
        sectionHeading(doc, division.name);
        head(doc, columns, language);
      }
      drawRow(doc, columns, row);
    }
    doc.moveDown(1);
  }
  const footer = words(language, 'printed', { at: formatDateTime(new Date(), language) });
  return finish(doc, pdfFileName('resultater', t.slug), footer, language);
}

interface Column {
  head: (language: Language) => string;
  width: number;
  align: 'left' | 'right';
  value: (row: LeaderboardRowView) => string;
  bold?: boolean;
}

const ROW_PT = 16;
/** The columns add up to the page's text width (A4 less both margins) in whole points; the rules end with them. */
const TABLE_WIDTH_PT = 523;
const FONT_PT = 10;

/** To par as a result list writes it: "E", "+3", "−2" (a minus sign, not a hyphen). */
function toParText(toPar: number): string {
  if (toPar === 0) return 'E';
  return toPar > 0 ? `+${toPar}` : `\u2212${-toPar}`;
}

function columnsOf(roundCount: number, points: boolean): Column[] {
  const rounds: Column[] = Array.from({ length: roundCount }, (_, i) => ({
    head: (language) => words(language, 'results.round', { number: i + 1 }),
    width: 34,
    align: 'right',
    value: (row) => (row.rounds[i] === undefined || row.thru === 0 ? '' : String(row.rounds[i])),
  }));
  const fixed = 36 + 34 + rounds.length * 34 + (points ? 52 : 52 + 52);
  const nameWidth = TABLE_WIDTH_PT - fixed;
  return [
    { head: (l) => words(l, 'results.position'), width: 36, align: 'left', value: (row) => row.position, bold: true },
    { head: (l) => words(l, 'results.name'), width: nameWidth, align: 'left', value: (row) => row.name, bold: true },
    {
      head: (l) => words(l, 'results.playingHandicap'),
      width: 34,
      align: 'right',
      value: (row) => playingHandicapText(row.playingHandicap),
    },
    ...rounds,
    ...(points
      ? [
          {
            head: (l: Language) => words(l, 'results.points'),
            width: 52,
            align: 'right' as const,
            value: (row: LeaderboardRowView) => String(row.points ?? ''),
            bold: true,
          },
        ]
      : [
          {
            head: (l: Language) => words(l, 'results.toPar'),
            width: 52,
            align: 'right' as const,
            value: (row: LeaderboardRowView) => (row.thru === 0 ? '' : toParText(row.toPar)),
            bold: true,
          },
          {
            head: (l: Language) => words(l, 'results.total'),
            width: 52,
            align: 'right' as const,
            value: (row: LeaderboardRowView) => (row.thru === 0 ? '' : String(row.strokes)),
          },
        ]),
  ];
}

function head(doc: Doc, columns: readonly Column[], language: Language): void {
  const y = doc.y;
  let x = A4_MARGIN_PT;
  doc.font(BOLD).fontSize(8.5).fillColor('#333333');
  for (const c of columns) {
    doc.text(c.head(language), x, y, { width: c.width, align: c.align, lineBreak: false });
    x += c.width;
  }
  doc.fillColor('black');
  rule(doc, y + 12, { lineWidth: 0.8, right: A4_MARGIN_PT + TABLE_WIDTH_PT });
  doc.y = y + 15;
}

/** A team's row has its players on a second line. */
function rowHeight(row: LeaderboardRowView): number {
  return row.players && row.players.length > 0 ? ROW_PT + 12 : ROW_PT;
}

function drawRow(doc: Doc, columns: readonly Column[], row: LeaderboardRowView): void {
  const y = doc.y;
  let x = A4_MARGIN_PT;
  for (const c of columns) {
    doc
      .font(c.bold ? BOLD : REGULAR)
      .fontSize(FONT_PT)
      .text(c.value(row), x, y + 2, { width: c.width, align: c.align, lineBreak: false, ellipsis: true });
    x += c.width;
  }
  if (row.players && row.players.length > 0) {
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor('#444444')
      .text(row.players.join(' / '), A4_MARGIN_PT + columns[0]!.width, y + ROW_PT, {
        width: columns[1]!.width + 200,
        lineBreak: false,
        ellipsis: true,
      })
      .fillColor('black');
  }
  const bottom = y + rowHeight(row);
  rule(doc, bottom, { lineWidth: 0.3, colour: '#aaaaaa', right: A4_MARGIN_PT + TABLE_WIDTH_PT });
  doc.y = bottom + 1;
}
