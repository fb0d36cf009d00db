import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { course, tournamentRound } from '../db/schema';
import { formatDays } from '../../shared/format/dates';
import { AppError } from '../errors';
import { withVisibleTournament } from './public';

/**
 * The public address of a tournament, PUBLIC_URL/t/{slug}, is the app's page; its HTML head carries the
 * tournament's name and description (title, description, Open Graph), so a link shared in a club's chat
 * shows a proper preview without JavaScript. The head is made as an anonymous reader sees the tournament:
 * read without an organization context, so only a public tournament past draft has anything to show; for
 * any other slug (members-only, draft, unknown) the app's ordinary head is served, naming nothing.
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

/** Slugs are made of these (tournaments/slug.ts); anything else names no tournament and needs no query. */
const SLUG_SHAPE = /^[a-z0-9-]{1,200}$/;

export async function landingHead(db: Database, publicUrl: string, slug: string): Promise<LandingHead | null> {
  if (!SLUG_SHAPE.test(slug)) return null;
  try {
    // As an anonymous reader: the same access check as the public pages, with no user.
    return await withVisibleTournament(
      { db },
      { ref: { slug }, userId: null },
      async (tx, { row, organizationName }) => {
        const [played] = await tx.select({ name: course.name }).from(course).where(eq(course.id, row.courseId));
        const days = await tx
          .select({ playedOn: tournamentRound.playedOn })
          .from(tournamentRound)
          .where(eq(tournamentRound.tournamentId, row.id))
          .orderBy(asc(tournamentRound.number));
        const facts = [
          organizationName,
          formatDays(
            days.map((d) => d.playedOn),
            'nb',
          ),
          played?.name,
        ]
          .filter(Boolean)
          .join(' · ');
        const description = row.description ? `${facts}. ${row.description}` : facts;
        return {
          title: `${row.name} – ${organizationName}`,
          description: shortened(description, DESCRIPTION_MAX_CHARACTERS),
          url: `${publicUrl}/t/${encodeURIComponent(slug)}`,
        };
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

function escapeHtml(text: string): string {
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
