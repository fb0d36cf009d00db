import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { LOCALES } from '../../../shared/language';
import type { Language } from '../../../shared/values';
import { texts } from '../../texts';

/**
 * What the three paper documents share (decision 0431): an A4 page with Noto Sans embedded as a subset (the
 * npm package's latin files hold æøå; the server needs no system fonts), the bytes collected into the
 * procedure's answer, the file name, the words in the reader's language and the clock in Norway's time.
 */

/** A PDF as a procedure answers it: base64 over tRPC (JSON), sent as its bytes by REST. */
export interface PdfFile {
  pdf: string;
  filename: string;
}

export const A4_MARGIN_PT = 36;
/** A4's height (297 mm) in points, as pdfkit sizes the page. */
export const A4_HEIGHT_PT = 841.89;
export const REGULAR = 'regular';
export const BOLD = 'bold';

/**
 * The font files, found from the package's own manifest: resolved from this module as it runs, the source
 * under tsx or the esbuild bundle in dist/ (which leaves packages outside it), never a path from the cwd.
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const files = join(dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json')), 'files');
    fonts = {
      regular: readFileSync(join(files, 'noto-sans-latin-400-normal.woff')),
      bold: readFileSync(join(files, 'noto-sans-latin-700-normal.woff')),
    };
  }
  return fonts;
}

export type Doc = InstanceType<typeof PDFDocument>;

/** An A4 document with the fonts registered and the regular one set; pages are added by the caller. */
export function newDocument(info: { title: string; author: string }): Doc {
  const { regular, bold } = fontFiles();
  const doc = new PDFDocument({
    size: 'A4',
    margin: A4_MARGIN_PT,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: info.title, Author: info.author, Creator: 'Golfappen' },
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  return doc;
}

/** Ends the document (with "Side 1 av 3" and the print time on every page) and gives its bytes as the answer. */
export function finish(doc: Doc, filename: string, footer: string, language: Language): Promise<PdfFile> {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - A4_MARGIN_PT + 8;
    // Below the bottom margin: pdfkit would otherwise start a page for text written there.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(8).fillColor('#555555');
    doc.text(footer, A4_MARGIN_PT, y, { lineBreak: false });
    const page = words(language, 'page', { page: i + 1, pages: range.count });
    doc.text(page, A4_MARGIN_PT, y, { width: doc.page.width - 2 * A4_MARGIN_PT, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks).toString('base64'), filename }));
    doc.end();
  });
}

/** A word of the paper area (shared/i18n/<language>/paper.ts). */
export function words(language: Language, key: string, params?: Record<string, string | number>): string {
  return texts.text(language, `paper.${key}`, params);
}

/** `<stem>-<slug>[-runde-N].pdf`, the slug kept to a–z, 0–9 and '-' as results.csv's is. */
export function pdfFileName(stem: string, slug: string, round?: number): string {
  const safe =
    slug
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'turnering';
  return `${stem}-${safe}${round === undefined ? '' : `-runde-${round}`}.pdf`;
}

const CLOCK: Record<Language, Intl.DateTimeFormat> = {
  nb: new Intl.DateTimeFormat(LOCALES.nb, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Oslo' }),
  en: new Intl.DateTimeFormat(LOCALES.en, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Oslo' }),
};

/** A start time on the clock in Norway (summer time included): "08:10". */
export function clock(at: Date, language: Language): string {
  return CLOCK[language].format(at);
}

/** A playing handicap as clubs print it: a plus handicap (stored negative) with its "+". */
export function playingHandicapText(value: number): string {
  return value < 0 ? `+${-value}` : String(value);
}

/**
 * A new page with the title block at its top (the document's title, then the tournament and club): every page of
 * the start list and the results begins so, the ones a long list runs onto included.
 */
export function headedPage(doc: Doc, title: string, lines: readonly string[]): void {
  doc.addPage();
  doc.font(BOLD).fontSize(18).fillColor('black').text(title, A4_MARGIN_PT, A4_MARGIN_PT);
  doc.font(REGULAR).fontSize(10.5);
  for (const line of lines) doc.text(line);
  doc.moveDown(0.6);
}

/** A part's heading under the title block: a round of the start list, a division of the results. */
export function sectionHeading(doc: Doc, text: string): void {
  doc.font(BOLD).fontSize(13).text(text, A4_MARGIN_PT, doc.y);
}

/**
 * A horizontal rule at `y` from the left margin to `right` (the right margin unless a table ends sooner), in
 * `colour`; the stroke colour is black again after it, as everything else on the page expects.
 */
export function rule(doc: Doc, y: number, style: { lineWidth: number; colour?: string; right?: number }): void {
  doc
    .moveTo(A4_MARGIN_PT, y)
    .lineTo(style.right ?? doc.page.width - A4_MARGIN_PT, y)
    .lineWidth(style.lineWidth)
    .strokeColor(style.colour ?? 'black')
    .stroke()
    .strokeColor('black');
}

/** The room left on the page below `y`. */
export function roomBelow(doc: Doc, y: number): number {
  return doc.page.height - A4_MARGIN_PT - 14 - y;
}
