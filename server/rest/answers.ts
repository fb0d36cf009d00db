import type { Request, Response } from 'express';
import type { IcsFile } from '../calendar/ics';
import { encodedJsonOf } from '../tournaments/cache';
import type { PdfFile } from '../tournaments/paper/layout';

/**
 * An answer the domain hands out from its cache (the same object until the next change): its JSON bytes
 * (and their gzip, for a reader who accepts it) are made once, not per request. The public tournament page
 * is the service's most read answer.
 */
export function sendCached(req: Request, res: Response, output: object): void {
  const encoded = encodedJsonOf(output);
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const bytes = gzip ? encoded.gzip() : encoded.identity;
  res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

export interface CsvFile {
  csv: string;
  filename: string;
}

/**
 * The one check of a file answer before it is sent as one: the file's text under its kind's field (`csv`, `pdf` in
 * base64, `ics`) and its name. The route table says which kind a procedure answers; this keeps a procedure that
 * answers something else from going out as a broken download.
 */
export function isFileAnswer<K extends 'csv' | 'pdf' | 'ics'>(
  value: unknown,
  kind: K,
): value is Record<K | 'filename', string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, kind) === 'string' &&
    typeof Reflect.get(value, 'filename') === 'string'
  );
}

/**
 * A JSON answer as a file to keep (GET /account/export): the browser saves it rather than showing it. The
 * name carries the day, never who it is about.
 */
export function sendJsonDownload(res: Response, output: unknown, stem: string, now: Date): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${stem}-${now.toISOString().slice(0, 10)}.json"`);
  res.status(200).send(Buffer.from(JSON.stringify(output, null, 2), 'utf8'));
}

/** results.csv, the one answer that is not JSON: the procedure's text as a file download. */
export function sendCsv(res: Response, file: CsvFile): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.status(200).send(Buffer.from(file.csv, 'utf8'));
}

/**
 * The paper (decision 0431): the procedure's base64 as the PDF's bytes, a download under its name. Never kept by
 * a cache: the start list and the cards are the club's, and a start list changes until play.
 */
export function sendPdf(res: Response, file: PdfFile): void {
  const bytes = Buffer.from(file.pdf, 'base64');
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', bytes.length);
  res.status(200).end(bytes);
}

/** A calendar (decision 0430): the procedure's iCalendar text, shown inline so a calendar app subscribes to it. */
export function sendIcs(res: Response, file: IcsFile): void {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Content-Disposition', `inline; filename="${file.filename}"`);
  res.status(200).send(Buffer.from(file.ics, 'utf8'));
}
