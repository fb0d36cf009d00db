import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { Request } from 'express';
import type { ErrorCode } from '../../shared/errors';
import type { AppRouter } from '../trpc/router';

/**
 * The types of the REST route table (routes.ts): each row names a procedure by its dotted path and says
 * where the procedure's input fields come from. They are checked against the router, so a path parameter
 * mapped onto a field the procedure does not take, a query key it does not know, or a row that forgets a
 * path parameter is a type error, not a 400 found in production.
 */
type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** Every procedure as `namespace.name` ('auth.login', 'tournaments.setScore'). */
export type ProcedurePath = {
  [N in keyof Inputs & string]: { [P in keyof Inputs[N] & string]: `${N}.${P}` }[keyof Inputs[N] & string];
}[keyof Inputs & string];

type InputOf<P extends ProcedurePath> = P extends `${infer N extends keyof Inputs & string}.${infer M}`
  ? M extends keyof Inputs[N]
    ? Inputs[N][M]
    : never
  : never;
type OutputOf<P extends ProcedurePath> = P extends `${infer N extends keyof Outputs & string}.${infer M}`
  ? M extends keyof Outputs[N]
    ? Outputs[N][M]
    : never
  : never;
// biome-ignore lint/suspicious/noConfusingVoidType: tRPC infers `void` as the input of a procedure without one
type InputBody<P extends ProcedurePath> = Exclude<InputOf<P>, void | undefined>;

/** The input's field names; none for a procedure without input. */
type InputKey<P extends ProcedurePath> = keyof InputBody<P> & string;

/** A parameter's name ends where a segment's literal rest begins: `:token.ics` is `token`. */
type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The `:name` parameters of an Express path. */
export type PathParams<S extends string> = S extends `${string}:${infer Param}/${infer Rest}`
  ? ParamName<Param> | PathParams<`/${Rest}`>
  : S extends `${string}:${infer Param}`
    ? ParamName<Param>
    : never;

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * How the answer is sent: `json` (the default: the result, or `{ok: true}` for none), `cached` (the same
 * object until its next change: its JSON and gzip bytes are made once), `csv` (a file download), `pdf` (the
 * result's base64 sent as the PDF's bytes), `download` (the JSON result as a file download, named by the
 * row's `download`) or `ics` (an iCalendar file, for a calendar app to subscribe to).
 */
export type Answer = 'json' | 'cached' | 'csv' | 'pdf' | 'download' | 'ics';

type AnswerFor<P extends ProcedurePath> =
  OutputOf<P> extends { csv: string; filename: string }
    ? 'csv'
    : OutputOf<P> extends { pdf: string; filename: string }
      ? 'pdf'
      : OutputOf<P> extends { ics: string; filename: string }
        ? 'ics'
        : OutputOf<P> extends object
          ? 'json' | 'cached' | 'download'
          : 'json';

type ParamsFor<Path extends string, P extends ProcedurePath> = [PathParams<Path>] extends [never]
  ? { params?: never }
  : { params: { [K in PathParams<Path>]: InputKey<P> } };

/** A request body as an integrator would send it, with a line saying when to send that one. */
export interface BodyExample<Body> {
  summary: string;
  value: Body;
}

/** One row as written in the table: typed against its procedure. */
export type RouteSpec<Path extends string, P extends ProcedurePath> = {
  method: Method;
  path: Path;
  procedure: P;
  /** What an integrator looks for in the API document, in English: a short phrase ("Sign in with a password"). */
  summary: string;
  /** More English where the summary leaves a question open: what the answer means, what to do next. */
  description?: string;
  /**
   * The error codes this path answers with besides the ones every path like it has, which the document
   * derives from the procedure's access level, the row's input and its method (server/openapi/errors.ts).
   */
  errors?: readonly ErrorCode[];
  /** The procedure lets anyone in but checks for a session of any stage itself, and answers 401 without one. */
  needsSession?: true;
  /** Request bodies for the document, by name; typed against the input (path parameters are left out of it). */
  examples?: [InputBody<P>] extends [never] ? never : Readonly<Record<string, BodyExample<InputBody<P>>>>;
  /** The query string keys passed on (others are ignored, as query strings usually are). */
  query?: readonly InputKey<P>[];
  /** The JSON body is the input, with the path parameters added; a body naming one of them is refused. */
  body?: [InputBody<P>] extends [never] ? never : true;
  /** 204: the answer has no body (the procedure's `{ok: true}` is not sent). */
  status?: 200 | 201 | 204;
  answer?: AnswerFor<P>;
  /** A request this says is not for the API goes on to the app (GET /feed from a browser); varies by `vary`. */
  passOn?: (req: Request) => boolean;
  vary?: string;
  /** With answer `download`: the file name's stem; the day of the download and `.json` are added. */
  download?: string;
  /** A success's Cache-Control where it is not the default `no-store` (decision 0007). */
  cacheControl?: string;
} & ParamsFor<Path, P>;

/** A row once checked: what the mounting code and the OpenAPI document read. */
export interface Route {
  method: Method;
  path: string;
  procedure: ProcedurePath;
  summary: string;
  description?: string;
  errors: readonly ErrorCode[];
  needsSession: boolean;
  examples?: Readonly<Record<string, BodyExample<unknown>>>;
  /** REST path parameter name → input field. */
  params: Readonly<Record<string, string>>;
  query: readonly string[];
  body: boolean;
  status: 200 | 201 | 204;
  answer: Answer;
  passOn?: (req: Request) => boolean;
  vary?: string;
  download?: string;
  cacheControl?: string;
}

/** Checks a row against the router and erases its types for the table. */
export function route<const Path extends string, const P extends ProcedurePath>(spec: RouteSpec<Path, P>): Route {
  return {
    method: spec.method,
    path: spec.path,
    procedure: spec.procedure,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    errors: spec.errors ?? [],
    needsSession: spec.needsSession === true,
    ...(spec.examples ? { examples: spec.examples } : {}),
    params: spec.params ?? {},
    query: spec.query ?? [],
    body: spec.body === true,
    status: spec.status ?? 200,
    answer: spec.answer ?? 'json',
    ...(spec.passOn ? { passOn: spec.passOn } : {}),
    ...(spec.vary ? { vary: spec.vary } : {}),
    ...(spec.download ? { download: spec.download } : {}),
    ...(spec.cacheControl ? { cacheControl: spec.cacheControl } : {}),
  };
}
