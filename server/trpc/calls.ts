import type { Actor, SessionHolder, Viewer, Visitor } from '../actor';
import type { Deps } from '../deps';
import type { OrgScope } from '../organizations/scope';
import { visitorOf, type Context } from './context';

/**
 * A procedure's resolver is, almost everywhere, "hand the call to its domain function in the call shape
 * `(deps, caller, input)`" (decision 0014). These say which caller the procedure's builder made
 * (server/trpc/init.ts), so a router reads as a table: name, access, input, output, function.
 * A resolver that does more than that is written out where it stands.
 */
type Resolver<C, I, O> = (options: { ctx: C; input: I }) => O;
type DomainFunction<T, I, O> = (deps: Deps, caller: T, input: I) => O;

/** A signed-in user's call: `ctx.actor` (userProcedure and the builders on it). */
export function byActor<I, O>(fn: DomainFunction<Actor, I, O>): Resolver<{ deps: Deps; actor: Actor }, I, O> {
  return ({ ctx, input }) => fn(ctx.deps, ctx.actor, input);
}

/** An organization member's call inside the tenancy transaction: `ctx.scope` (orgMemberProcedure, orgAdminProcedure). */
export function byScope<I, O>(fn: DomainFunction<OrgScope, I, O>): Resolver<{ deps: Deps; scope: OrgScope }, I, O> {
  return ({ ctx, input }) => fn(ctx.deps, ctx.scope, input);
}

/** A call on the session itself, of whatever stage the builder admits: `ctx.holder`. */
export function byHolder<I, O>(
  fn: DomainFunction<SessionHolder, I, O>,
): Resolver<{ deps: Deps; holder: SessionHolder }, I, O> {
  return ({ ctx, input }) => fn(ctx.deps, ctx.holder, input);
}

/** A public page's reader, signed in or not: `ctx.viewer` (optionalUserProcedure). */
export function byViewer<I, O>(fn: DomainFunction<Viewer, I, O>): Resolver<{ deps: Deps; viewer: Viewer }, I, O> {
  return ({ ctx, input }) => fn(ctx.deps, ctx.viewer, input);
}

/** A public sign-in call: nobody known yet, the request's address, language and cookie jar. */
export function byVisitor<I, O>(fn: DomainFunction<Visitor, I, O>): Resolver<Context, I, O> {
  return ({ ctx, input }) => fn(ctx.deps, visitorOf(ctx), input);
}

/** For a domain function that answers nothing: the procedure answers `{ ok: true }` once it is done. */
export function thenOk<C, I>(resolver: Resolver<C, I, Promise<unknown>>): Resolver<C, I, Promise<{ ok: true }>> {
  return async (options) => {
    await resolver(options);
    return { ok: true };
  };
}
