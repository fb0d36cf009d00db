// Types only: the codes' texts (both languages) stay out of the app's shared chunk; the server sends the text.
import type { ErrorCode, FieldIssue } from '../../../shared/errors';
import { i18n } from '../i18n';

/** What a screen needs from any failed call: the text (the server answers in the language shown), the code, and messages per field. */
export interface ApiErrorView {
  /** The contract's code, or NETWORK when the server could not be reached at all. */
  code: ErrorCode | 'NETWORK';
  /** The server's Norwegian message (or ours for a network failure). */
  message: string;
  /** Field path ("email", "holes.3.par", "guest.name") → its Norwegian message. */
  fields: Record<string, string>;
  /** Seconds to wait, for RATE_LIMITED, when the server said so. */
  retryAfterSeconds?: number;
  httpStatus?: number;
}

/** A call that never reached the service, in the language shown. */
export function networkMessage(): string {
  return i18n.t('common.networkError');
}

/** An answer of ours without a text, or a 5xx that is not ours (a proxy's page), in the language shown. */
function serviceMessage(): string {
  return i18n.t('common.serviceError');
}

interface ErrorData {
  appCode?: unknown;
  httpStatus?: unknown;
  issues?: unknown;
  retryAfterSeconds?: unknown;
}

function isIssue(value: unknown): value is FieldIssue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldIssue).path === 'string' &&
    typeof (value as FieldIssue).message === 'string'
  );
}

/** The HTTP status a tRPC client error carries (its `data.httpStatus`), if it carries one. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Turns a tRPC client error (error.message, error.data.appCode, error.data.issues: server/trpc/init.ts's
 * errorFormatter) into what a screen shows. Null for no error. The first message per field wins.
 */
export function describeApiError(error: unknown): ApiErrorView | null {
  if (error === null || error === undefined) return null;
  const data = (typeof error === 'object' ? (error as { data?: ErrorData }).data : undefined) ?? undefined;
  const code = data?.appCode;
  if (typeof code !== 'string' || code === '') {
    // No formatted answer: the request never reached the service, or the answer was not ours (a proxy page).
    const status = httpStatusOf(error);
    if (status !== undefined && status >= 500)
      return { code: 'INTERNAL', message: serviceMessage(), fields: {}, httpStatus: status };
    return { code: 'NETWORK', message: networkMessage(), fields: {} };
  }
  const message =
    typeof (error as { message?: unknown }).message === 'string' && (error as { message: string }).message
      ? (error as { message: string }).message
      : serviceMessage();
  const fields: Record<string, string> = {};
  if (Array.isArray(data?.issues)) {
    for (const issue of data.issues) {
      if (isIssue(issue) && !(issue.path in fields)) fields[issue.path] = issue.message;
    }
  }
  const view: ApiErrorView = { code: code as ErrorCode, message, fields, httpStatus: httpStatusOf(error) };
  if (typeof data?.retryAfterSeconds === 'number') view.retryAfterSeconds = data.retryAfterSeconds;
  return view;
}

/**
 * The message for one field: an exact path, else the first issue under it ("guest" takes "guest.name").
 * `codes` puts whole-call errors next to a field too: an INVALID_CODE belongs under the code input.
 */
export function fieldError(view: ApiErrorView | null, path: string, codes: readonly string[] = []): string | undefined {
  if (!view) return undefined;
  if (view.fields[path]) return view.fields[path];
  const nested = Object.keys(view.fields).find((key) => key.startsWith(`${path}.`));
  if (nested) return view.fields[nested];
  if (codes.includes(view.code)) return view.message;
  return undefined;
}

/**
 * What is left for the form-level alert once the listed fields show their own: the call's message, plus
 * any issue whose field is not on the screen. Null when every part of the error is shown at a field.
 */
export function formLevelError(
  view: ApiErrorView | null,
  shownFields: readonly string[],
  fieldCodes: readonly string[] = [],
): { message: string; extra: string[] } | null {
  if (!view) return null;
  const covers = (key: string) => shownFields.some((f) => key === f || key.startsWith(`${f}.`));
  const extra = Object.entries(view.fields)
    .filter(([key]) => !covers(key))
    .map(([key, message]) => (key ? `${key}: ${message}` : message));
  const fieldsCoverAll = Object.keys(view.fields).length > 0 && extra.length === 0;
  if (fieldsCoverAll) return null;
  if (fieldCodes.includes(view.code) && shownFields.length > 0) return null;
  return { message: view.message, extra };
}
