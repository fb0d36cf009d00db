import type { RequestHandler } from 'express';
import { languageOfAcceptLanguage } from '../../shared/language';
import type { PublicTournamentPage } from '../../shared/schemas/tournaments';
import type { Language } from '../../shared/values';
import { renderPublicTournamentPage } from '../../client/src/ssr/render';
import { SERVER_PAGE_ELEMENT_ID } from '../../client/src/ssr/server-page';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { encodedJsonOf } from '../tournaments/cache';
import { escapeHtml, landingHeadOf, withLandingHead } from '../tournaments/landing';
import { publicTournamentPage } from '../tournaments/public';
import { publicPageOutput } from '../trpc/routers/tournaments-public';
import { type Encoded, encodedOnce, sendEncoded } from './encoded';

/**
 * GET /t/{slug}: the app's page. For a tournament an anonymous reader may see (public, past draft) it is the
 * page itself (decision 0512): the head of a link preview (decision 0414) and, inside the app's root, the
 * shell, the tournament and its leaderboard as the app renders them, readable before any JavaScript runs,
 * with the answer they were rendered from for the app to hydrate from. The page is read exactly as
 * `public.tournament` answers an anonymous reader (the same function, cache and output schema), so it holds
 * nothing the API would not give anyone. For any other slug the plain app is served and asks the API with
 * the reader's session: a member still sees a members-only tournament, and the HTML never names one.
 *
 * `indexHtml` gives the app's index.html as it is served (the built file, or Vite's transformed one in
 * development); null when the app is not built, and the SPA fallback answers instead. Revalidated on every
 * request like index.html, since the page changes with every score.
 */
export function landingPage(deps: Deps, indexHtml: (url: string) => Promise<string | null>): RequestHandler {
  return async (req, res, next) => {
    try {
      const template = await indexHtml(req.originalUrl);
      if (template === null) return next();
      const slug = String(req.params.slug);
      const page = await anonymousPage(deps, slug);
      res.setHeader('Cache-Control', 'no-cache');
      res.vary('Accept-Language');
      const encoded = page
        ? await servedPage(deps, template, page, slug, languageOfAcceptLanguage(req.headers['accept-language']))
        : plainPage(template);
      sendEncoded(req, res, encoded, 'text/html; charset=utf-8');
    } catch (error) {
      next(error);
    }
  };
}

/** Slugs are made of these (tournaments/slug.ts); anything else names no tournament and needs no query. */
const SLUG_SHAPE = /^[a-z0-9-]{1,200}$/;

async function anonymousPage(deps: Deps, slug: string): Promise<PublicTournamentPage | null> {
  if (!SLUG_SHAPE.test(slug)) return null;
  try {
    return publicPageOutput.parse(await publicTournamentPage(deps, { userId: null }, { slug }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

interface Made {
  template: string;
  encoded: Promise<Encoded>;
}

/**
 * Each version of a page (one answer object, the same until the tournament's next change: decision 0413) is
 * rendered once per language and its bytes kept with it, so a page read by hundreds of phones costs its
 * access check and version read, as the JSON does, and not a render and a compression each.
 */
const made = new WeakMap<object, Map<Language, Made>>();
const plain = new Map<string, Encoded>();

function plainPage(template: string): Encoded {
  let encoded = plain.get(template);
  if (!encoded) {
    encoded = encodedOnce(Buffer.from(template), { brotli: false });
    // One template per release (and a few in development, where Vite rewrites it).
    if (plain.size > 8) plain.clear();
    plain.set(template, encoded);
  }
  return encoded;
}

function servedPage(
  deps: Deps,
  template: string,
  page: PublicTournamentPage,
  slug: string,
  language: Language,
): Promise<Encoded> {
  let byLanguage = made.get(page);
  if (!byLanguage) {
    byLanguage = new Map();
    made.set(page, byLanguage);
  }
  const kept = byLanguage.get(language);
  if (kept && kept.template === template) return kept.encoded;
  const encoded = renderPublicTournamentPage({ slug, language, page }).then((body) =>
    encodedOnce(Buffer.from(pageHtml(deps, template, page, slug, language, body)), { brotli: false }),
  );
  const entry = { template, encoded };
  byLanguage.set(language, entry);
  encoded.catch(() => {
    if (byLanguage.get(language) === entry) byLanguage.delete(language);
  });
  return encoded;
}

/**
 * JSON inside a script element ends at the first `</script`, whatever the JSON means: every `<` is written
 * as its escape (a name like `</script><img onerror=…>` stays text), and so are the two line separators
 * that older parsers took for line ends.
 */
function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function pageHtml(
  deps: Deps,
  template: string,
  page: PublicTournamentPage,
  slug: string,
  language: Language,
  body: string,
): string {
  const withHead = withLandingHead(template, landingHeadOf(page, deps.config.publicUrl, slug));
  const json = scriptSafeJson(encodedJsonOf(page).identity.toString('utf8'));
  const data = `<script type="application/json" id="${SERVER_PAGE_ELEMENT_ID}" data-slug="${escapeHtml(slug)}" data-language="${language}">${json}</script>`;
  // Replacer functions: a replacement string would expand `$&` and its kin found in a player's name.
  return withHead
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>\n    ${data}`);
}
