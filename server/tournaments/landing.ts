import { formatDays } from '../../shared/format/dates';
import type { PublicTournamentPage } from '../../shared/schemas/tournaments';

/**
 * The public address of a tournament, PUBLIC_URL/t/{slug}, is the app's page; its HTML head carries the
 * tournament's name and description (title, description, Open Graph), so a link shared in a club's chat
 * shows a proper preview without JavaScript. The head is made from the page as an anonymous reader gets it
 * (public.tournament with no user, server/http/landing-page.ts): only a public tournament past draft has
 * one; for any other slug (members-only, draft, unknown) the app's ordinary head is served, naming nothing.
 */
export interface LandingHead {
  title: string;
  description: string;
  url: string;
}

const DESCRIPTION_MAX_CHARACTERS = 200;

function shortened(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export function landingHeadOf(page: PublicTournamentPage, publicUrl: string, slug: string): LandingHead {
  const { tournament } = page;
  const facts = [
    tournament.organization.name,
    formatDays(
      tournament.rounds.map((r) => r.playedOn),
      'nb',
    ),
    page.course?.name,
  ]
    .filter(Boolean)
    .join(' · ');
  const description = tournament.description ? `${facts}. ${tournament.description}` : facts;
  return {
    title: `${tournament.name} – ${tournament.organization.name}`,
    description: shortened(description, DESCRIPTION_MAX_CHARACTERS),
    url: `${publicUrl}/t/${encodeURIComponent(slug)}`,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The app's index.html with the tournament's head: its <title> and the app's own description replaced by
 * the tournament's, the Open Graph tags added.
 */
export function withLandingHead(indexHtml: string, head: LandingHead): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Hullvis" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  const withoutTitle = indexHtml
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // Replacer functions: a replacement string would expand `$&`, `$'` and `` $` `` in a tournament's name.
  if (/<\/head>/i.test(withoutTitle)) return withoutTitle.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
  // A head without its closing tag (HTML allows it): the tags go right after the doctype.
  return withoutTitle.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}<head>${tags}</head>`);
}
