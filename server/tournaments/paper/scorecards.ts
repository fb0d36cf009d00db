import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { formatDateTime, formatDays } from '../../../shared/format/dates';
import { isTeamEntry } from '../../../shared/format/entry';
import { isFourBallFormat, playsNet, ranksByPoints } from '../../../shared/formats';
import type { EntryView, GroupView } from '../../../shared/schemas/tournaments';
import type { Language } from '../../../shared/values';
import { tee, tournamentDivision } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { allocateStrokes } from '../../golf/strokes';
import type { OrgScope } from '../../organizations/scope';
import { requireTournamentRound } from '../card-access';
import { tournamentHoles } from '../holes';
import { signed } from '../results-csv';
import {
  A4_HEIGHT_PT,
  A4_MARGIN_PT,
  BOLD,
  clock,
  type Doc,
  finish,
  newDocument,
  type PdfFile,
  pdfFileName,
  playingHandicapText,
  REGULAR,
  words,
} from './layout';
import { paperTournament, type PaperTournament } from './start-list';

/** One row of strokes on a card: a player's ball (four-ball), or the card's one ball. */
interface Ball {
  label: string;
  strokesReceived: number[];
}

/** One card as printed: whose, off what, marked by whom, with its rows. */
interface Card {
  name: string;
  /** Under the name: a team's players with their indexes, or the player's index. */
  detail: string;
  playingHandicap: number;
  teamHandicap: boolean;
  division: string;
  teeName: string;
  lengths: (number | null)[];
  marker: string | null;
  start: { startsAt: string; tee: number };
  balls: Ball[];
}

/**
 * tournaments.scorecardsPdf: owners and admins (decision 0431). One card per entry in the round's start list,
 * in start order: the tournament and round, the holes with par, stroke index and the length of the entry's
 * division tee, the playing handicap with the strokes it receives on each hole marked (the project's own
 * allocation, server/golf/strokes.ts: plus handicaps give back, above 18 a second stroke), the marker (the
 * next in the group, the last marked by the first) and a QR code of the card's page in the app.
 * A round without groups: 409.
 */
export async function tournamentScorecardsPdf(
  deps: Deps,
  scope: OrgScope,
  input: { tournamentId: string; round: number },
): Promise<PdfFile> {
  const language = scope.language ?? 'nb';
  const t = await paperTournament(scope, input.tournamentId);
  await requireTournamentRound(scope.tx, t.row, input.round);
  const round = t.rounds.find((r) => r.number === input.round)!;
  if (round.groups.length === 0)
    throw new AppError('CONFLICT', { key: 'errors.tournaments.noStartListForRound', params: { round: round.number } });

  const holes = await tournamentHoles(scope.tx, t.row.id);
  const tees = new Map(
    (
      await scope.tx
        .select({ divisionId: tournamentDivision.id, name: tee.name, lengths: tee.lengths })
        .from(tournamentDivision)
        .innerJoin(tee, eq(tee.id, tournamentDivision.teeId))
        .where(eq(tournamentDivision.tournamentId, t.row.id))
    ).map((d) => [d.divisionId, d]),
  );
  const strokeIndexes = holes.map((h) => h.strokeIndex);
  const net = playsNet(t.row.format);
  const received = (handicap: number) => (net ? allocateStrokes(handicap, strokeIndexes) : strokeIndexes.map(() => 0));
  const cards = round.groups.flatMap((group) =>
    group.entries.map((entry, i) => {
      const next = group.entries.length > 1 ? group.entries[(i + 1) % group.entries.length]! : null;
      const division = tees.get(entry.division.id);
      return cardOf(t, entry, {
        group,
        marker: next ? nameOf(next) : null,
        teeName: division?.name ?? '',
        lengths: holes.map((h) => division?.lengths?.[h.number - 1] ?? null),
        received,
        language,
      });
    }),
  );

  const link = `${deps.config.publicUrl}/klubber/${encodeURIComponent(t.row.organizationId)}/turneringer/${encodeURIComponent(t.row.id)}/kort?runde=${round.number}`;
  const qr = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const title = words(language, 'scorecard.title');
  const doc = newDocument({ title: `${title} – ${t.row.name}, ${round.number}`, author: t.organizationName });
  const layout: CardLayout = {
    t,
    holes,
    roundLine: words(language, 'roundOn', { number: round.number, date: formatDays([round.playedOn], language) }),
    language,
    net,
    points: ranksByPoints(t.row.format),
    qr: qr.modules,
    link,
  };
  // Cards go down the sheet while they fit above the footer line; then a new sheet.
  const lowest = A4_HEIGHT_PT - A4_MARGIN_PT - 14;
  let y = Number.POSITIVE_INFINITY;
  for (const card of cards) {
    const height = cardHeight(layout, card);
    if (y + height > lowest) {
      doc.addPage();
      y = A4_MARGIN_PT;
    } else {
      // The cut between two cards on one sheet.
      const cut = y - CARD_GAP_PT / 2;
      doc
        .moveTo(A4_MARGIN_PT - 18, cut)
        .lineTo(doc.page.width - A4_MARGIN_PT + 18, cut)
        .dash(4, { space: 4 })
        .lineWidth(0.5)
        .strokeColor('#888888')
        .stroke()
        .undash()
        .strokeColor('black');
    }
    drawCard(doc, layout, card, y);
    y += height + CARD_GAP_PT;
  }
  const footer = words(language, 'printed', { at: formatDateTime(new Date(), language) });
  return finish(doc, pdfFileName('scorekort', t.row.slug, round.number), footer, language);
}

function nameOf(entry: EntryView): string {
  return isTeamEntry(entry) ? entry.name : entry.player.name;
}

function cardOf(
  t: PaperTournament,
  entry: EntryView,
  options: {
    group: GroupView;
    marker: string | null;
    teeName: string;
    lengths: (number | null)[];
    received: (handicap: number) => number[];
    language: Language;
  },
): Card {
  const common = {
    division: entry.division.name,
    teeName: options.teeName,
    lengths: options.lengths,
    marker: options.marker,
    start: { startsAt: options.group.startsAt, tee: options.group.tee },
  };
  if (!isTeamEntry(entry)) {
    return {
      ...common,
      name: entry.player.name,
      detail: words(options.language, 'scorecard.index', { index: signed(entry.handicapIndex, 1) }),
      playingHandicap: entry.playingHandicap,
      teamHandicap: false,
      balls: [
        { label: words(options.language, 'scorecard.score'), strokesReceived: options.received(entry.playingHandicap) },
      ],
    };
  }
  const players = entry.players.map((p) => `${p.name} (${signed(p.handicapIndex, 1)})`).join(' / ');
  // Four-ball: a row per player off their own playing handicap; the one-ball formats: the side's one row.
  const balls = isFourBallFormat(t.row.format)
    ? entry.players.map((p) => ({
        label: `${p.name.split(/\s+/)[0]} (${playingHandicapText(p.playingHandicap ?? 0)})`,
        strokesReceived: options.received(p.playingHandicap ?? 0),
      }))
    : [{ label: words(options.language, 'scorecard.score'), strokesReceived: options.received(entry.playingHandicap) }];
  return {
    ...common,
    name: entry.name,
    detail: players,
    playingHandicap: entry.playingHandicap,
    teamHandicap: true,
    balls,
  };
}

interface CardLayout {
  t: PaperTournament;
  holes: { number: number; par: number; strokeIndex: number }[];
  roundLine: string;
  language: Language;
  net: boolean;
  points: boolean;
  qr: { size: number; get(row: number, col: number): number };
  /** The card's page in the app: the round's cards of the one who scans (the player's, and those they mark). */
  link: string;
}

// The card's measures, in points: a sheet of A4 holds two cards of one ball, one of a four-ball team.
const CARD_GAP_PT = 22;
const HEAD_PT = 96;
const FOOT_PT = 44;
const TABLE_GAP_PT = 8;
const HOLE_ROW_PT = 17;
const INFO_ROW_PT = 15;
const MARK_ROW_PT = 15;
const SCORE_ROW_PT = 26;
const LABEL_COLUMN_PT = 70;
const QR_PT = 78;

function tableHeight(layout: CardLayout, card: Card): number {
  const perBall = (layout.net ? MARK_ROW_PT : 0) + SCORE_ROW_PT;
  return HOLE_ROW_PT + 3 * INFO_ROW_PT + card.balls.length * perBall + (layout.points ? SCORE_ROW_PT - 6 : 0);
}

function cardHeight(layout: CardLayout, card: Card): number {
  return HEAD_PT + 2 * tableHeight(layout, card) + TABLE_GAP_PT + FOOT_PT;
}

function drawCard(doc: Doc, layout: CardLayout, card: Card, top: number): void {
  const { language } = layout;
  const left = A4_MARGIN_PT;
  const width = doc.page.width - 2 * A4_MARGIN_PT;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(value, x, y, { lineBreak: false, ellipsis: true, ...options });

  // The head: tournament and round on the left, the QR code on the right, the player and their handicap between.
  const headWidth = width - QR_PT - 10;
  doc.fillColor('black').font(BOLD).fontSize(11);
  text(layout.t.row.name, left, top, { width: headWidth });
  doc.font(REGULAR).fontSize(9.5);
  const start = words(language, 'startAt', {
    time: clock(new Date(card.start.startsAt), language),
    tee: card.start.tee,
  });
  text(`${layout.roundLine} · ${start}`, left, top + 15, { width: headWidth });
  text(
    [layout.t.courseName, words(language, 'scorecard.division', { division: card.division, tee: card.teeName })]
      .filter(Boolean)
      .join(' · '),
    left,
    top + 28,
    { width: headWidth },
  );
  doc.font(BOLD).fontSize(17);
  text(card.name, left, top + 43, { width: headWidth - 150 });
  const handicapLabel = words(language, card.teamHandicap ? 'scorecard.teamHandicap' : 'scorecard.playingHandicap');
  doc.font(REGULAR).fontSize(8.5);
  text(handicapLabel, left + headWidth - 145, top + 42, { width: 145, align: 'right' });
  doc.font(BOLD).fontSize(20);
  text(playingHandicapText(card.playingHandicap), left + headWidth - 145, top + 52, { width: 145, align: 'right' });
  doc.font(REGULAR).fontSize(9.5);
  text(card.detail, left, top + 65, { width: headWidth - 150 });
  doc.font(BOLD).fontSize(10.5);
  text(
    card.marker ? words(language, 'scorecard.marker', { name: card.marker }) : words(language, 'scorecard.noMarker'),
    left,
    top + 79,
    { width: headWidth },
  );
  drawQr(doc, layout.qr, left + width - QR_PT, top, QR_PT);
  // On a screen the code is a link too.
  doc.link(left + width - QR_PT, top, QR_PT, QR_PT, layout.link);
  doc.font(REGULAR).fontSize(7);
  text(words(language, 'scorecard.scan'), left + width - QR_PT - 10, top + QR_PT + 2, {
    width: QR_PT + 10,
    align: 'center',
  });

  const front = layout.holes.slice(0, 9);
  const back = layout.holes.slice(9);
  let y = top + HEAD_PT;
  drawNine(doc, layout, card, front, y, 'out');
  y += tableHeight(layout, card) + TABLE_GAP_PT;
  if (back.length > 0) drawNine(doc, layout, card, back, y, 'in');
  y += tableHeight(layout, card) + 10;

  // Signatures, and what the marks mean.
  const half = (width - 20) / 2;
  doc.lineWidth(0.7).strokeColor('black');
  doc
    .moveTo(left, y + 18)
    .lineTo(left + half, y + 18)
    .stroke();
  doc
    .moveTo(left + half + 20, y + 18)
    .lineTo(left + width, y + 18)
    .stroke();
  doc.font(REGULAR).fontSize(8);
  text(words(language, 'scorecard.signPlayer'), left, y + 21, { width: half });
  text(words(language, 'scorecard.signMarker'), left + half + 20, y + 21, { width: half });
  // What the marks mean, each after the mark itself (the font's latin subset has no bullet to write).
  doc.fillColor('#444444').font(REGULAR).fontSize(8);
  if (!layout.net) text(words(language, 'scorecard.gross'), left, y - 1, { width });
  else {
    drawMarks(doc, 1, left + 3, y + 4.5);
    doc.fillColor('#444444');
    const received = words(language, 'scorecard.strokesLegend');
    text(received, left + 10, y - 1, { width: width / 2 });
    if (card.balls.some((b) => b.strokesReceived.some((s) => s < 0))) {
      const x = left + 10 + doc.widthOfString(received) + 18;
      drawMarks(doc, -1, x + 4, y + 4.5);
      doc.fillColor('#444444');
      text(words(language, 'scorecard.plusLegend'), x + 12, y - 1, { width: width / 2 });
    }
  }
  doc.fillColor('black');
}

/**
 * Nine holes as a table: the hole numbers, lengths, pars and stroke indexes, then per ball the strokes it
 * receives (a dot a stroke, a minus a stroke given back, the score box shaded) and a box to write the score in.
 * The front nine ends with "Ut", the back nine with "Inn" and the total.
 */
function drawNine(
  doc: Doc,
  layout: CardLayout,
  card: Card,
  holes: CardLayout['holes'],
  top: number,
  half: 'out' | 'in',
): void {
  const { language } = layout;
  const left = A4_MARGIN_PT;
  const width = doc.page.width - 2 * A4_MARGIN_PT;
  const columns = 11;
  const cellWidth = (width - LABEL_COLUMN_PT) / columns;
  const first = layout.holes.indexOf(holes[0]!);
  const sums = half === 'out' ? ['out'] : ['in', 'total'];
  const cellX = (i: number) => left + LABEL_COLUMN_PT + i * cellWidth;
  const centred = (value: string, i: number, y: number, height: number, size: number, bold = false) => {
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(size)
      .text(value, cellX(i), y + (height - size * 1.2) / 2 + 1, {
        width: cellWidth,
        align: 'center',
        lineBreak: false,
      });
  };
  const label = (value: string, y: number, height: number, size: number, bold = false) => {
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(size)
      .text(value, left + 4, y + (height - size * 1.2) / 2 + 1, {
        width: LABEL_COLUMN_PT - 6,
        lineBreak: false,
        ellipsis: true,
      });
  };
  const range = (values: readonly number[]) => values.slice(first, first + holes.length);
  const totalOf = (values: readonly (number | null)[], which: string) => {
    const known = (v: readonly (number | null)[]) => {
      if (!v.every((x) => x !== null)) return '';
      const sum = v.reduce((s, x) => s! + x!, 0)!;
      // Strokes given back (a plus handicap) with a minus sign, as the marks show them.
      return sum < 0 ? `\u2212${-sum}` : String(sum);
    };
    if (which === 'total') return known(values);
    if (which === 'out') return known(values.slice(0, 9));
    return known(values.slice(9));
  };

  const gridRight = cellX(holes.length + sums.length);
  let y = top;
  // Hole numbers on a dark band.
  doc.rect(left, y, gridRight - left, HOLE_ROW_PT).fill('#1f3d2b');
  doc.fillColor('white');
  label(words(language, 'scorecard.hole'), y, HOLE_ROW_PT, 9.5, true);
  holes.forEach((h, i) => {
    centred(String(h.number), i, y, HOLE_ROW_PT, 10.5, true);
  });
  sums.forEach((s, i) => {
    centred(words(language, `scorecard.${s}`), holes.length + i, y, HOLE_ROW_PT, 9.5, true);
  });
  doc.fillColor('black');
  y += HOLE_ROW_PT;

  const info: [string, (number | null)[], boolean][] = [
    [words(language, 'scorecard.length'), card.lengths, true],
    [words(language, 'scorecard.par'), layout.holes.map((h) => h.par), true],
    [words(language, 'scorecard.strokeIndex'), layout.holes.map((h) => h.strokeIndex), false],
  ];
  for (const [name, values, summed] of info) {
    doc
      .rect(left, y, gridRight - left, INFO_ROW_PT)
      .fill(name === words(language, 'scorecard.par') ? '#e8efe9' : 'white');
    doc.fillColor('black');
    label(name, y, INFO_ROW_PT, 8.5);
    values.slice(first, first + holes.length).forEach((v, i) => {
      centred(v === null ? '' : String(v), i, y, INFO_ROW_PT, 9, name === words(language, 'scorecard.par'));
    });
    if (summed)
      sums.forEach((s, i) => {
        centred(totalOf(values, s), holes.length + i, y, INFO_ROW_PT, 9);
      });
    y += INFO_ROW_PT;
  }

  for (const ball of card.balls) {
    const own = range(ball.strokesReceived);
    if (layout.net) {
      label(words(language, 'scorecard.strokes'), y, MARK_ROW_PT, 8.5);
      own.forEach((s, i) => {
        drawMarks(doc, s, cellX(i) + cellWidth / 2, y + MARK_ROW_PT / 2);
      });
      sums.forEach((s, i) => {
        centred(totalOf(ball.strokesReceived, s), holes.length + i, y, MARK_ROW_PT, 9);
      });
      y += MARK_ROW_PT;
    }
    // The score boxes: shaded where strokes are received, so the hole stands out when writing the score.
    own.forEach((s, i) => {
      if (s !== 0) doc.rect(cellX(i), y, cellWidth, SCORE_ROW_PT).fill(s > 0 ? '#dde8f7' : '#f7e3dd');
    });
    doc.fillColor('black');
    label(ball.label, y, SCORE_ROW_PT, card.balls.length > 1 ? 9 : 10.5, true);
    y += SCORE_ROW_PT;
  }
  if (layout.points) {
    label(words(language, 'scorecard.points'), y, SCORE_ROW_PT - 6, 9);
    y += SCORE_ROW_PT - 6;
  }

  // The grid over it all, heavier around the table and the sums.
  doc.lineWidth(0.5).strokeColor('#555555');
  for (let i = 0; i <= holes.length + sums.length; i++) {
    doc.moveTo(cellX(i), top).lineTo(cellX(i), y).stroke();
  }
  let rowY = top + HOLE_ROW_PT;
  const rows = [
    ...info.map(() => INFO_ROW_PT),
    ...card.balls.flatMap(() => [...(layout.net ? [MARK_ROW_PT] : []), SCORE_ROW_PT]),
    ...(layout.points ? [SCORE_ROW_PT - 6] : []),
  ];
  for (const height of rows) {
    doc.moveTo(left, rowY).lineTo(gridRight, rowY).stroke();
    rowY += height;
  }
  doc.lineWidth(1.2).strokeColor('black');
  doc.rect(left, top, gridRight - left, y - top).stroke();
}

/** A stroke received as a dot (two on a hole with two), a stroke given back (plus handicap) as a minus. */
function drawMarks(doc: Doc, strokes: number, cx: number, cy: number): void {
  if (strokes === 0) return;
  const count = Math.abs(strokes);
  const step = strokes > 0 ? 7 : 9;
  const x0 = cx - ((count - 1) * step) / 2;
  for (let k = 0; k < count; k++) {
    if (strokes > 0) doc.circle(x0 + k * step, cy, 2.6).fill('#123c8c');
    else doc.rect(x0 + k * step - 3.5, cy - 1.2, 7, 2.4).fill('#a0301a');
  }
  doc.fillColor('black');
}

/** The QR code's dark modules as squares, with the code's quiet zone of white around it inside `size`. */
function drawQr(doc: Doc, modules: CardLayout['qr'], x: number, y: number, size: number): void {
  const quiet = 2;
  const unit = size / (modules.size + 2 * quiet);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * unit, y + (row + quiet) * unit, unit, unit);
    }
  }
  doc.fill('black');
}
