import { requestMagicLink, verifyMagicLink } from '../../auth/magic-link';
import { setPassword, signInWithPassword, signOut, signOutEverywhere } from '../../auth/sign-in';
import { toPublicUser } from '../../auth/users';
import {
  loginInput,
  requestLinkInput,
  sessionOutput,
  sessionStateOutput,
  setPasswordInput,
  userOutput,
  verifyLinkInput,
} from '../../../shared/schemas/auth';
import { noInput, okOutput } from '../../../shared/schemas/common';
import { byHolder, byVisitor, thenOk } from '../calls';
import { optionalUserProcedure, publicProcedure, router, userProcedure } from '../init';

const ok = { ok: true } as const;

export const authRouter = router({
  requestLink: publicProcedure
    .input(requestLinkInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await requestMagicLink(ctx.deps, ctx.meta, input);
      return ok;
    }),

  verifyLink: publicProcedure.input(verifyLinkInput).output(sessionOutput).mutation(byVisitor(verifyMagicLink)),

  login: publicProcedure.input(loginInput).output(sessionOutput).mutation(byVisitor(signInWithPassword)),

  /** A session of any stage; the cookie is cleared even when there is none (then 401). */
  logout: publicProcedure
    .input(noInput)
    .output(okOutput)
    .mutation(async ({ ctx }) => {
      await signOut(ctx.deps, ctx.cookies, ctx.sessionToken);
      return ok;
    }),

  me: userProcedure.output(userOutput).query(({ ctx }) => ({ user: toPublicUser(ctx.user) })),

  /**
   * The app's start-up check: auth.me without the 401 for nobody, which every browser logs as an error on
   * every page an anonymous visitor opens. A pending or enrolling session is reported by its stage alone.
   */
  session: optionalUserProcedure.output(sessionStateOutput).query(({ ctx }) => ({
    user: ctx.session ? toPublicUser(ctx.session.user) : null,
    stage: ctx.stage,
    language: ctx.session?.user.language ?? null,
  })),

  setPassword: userProcedure
    .input(setPasswordInput)
    .output(okOutput)
    .mutation(thenOk(byHolder(setPassword))),

  signOutEverywhere: userProcedure
    .input(noInput)
    .output(okOutput)
    .mutation(thenOk(byHolder(signOutEverywhere))),
});
