import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { PublicTournamentPage } from '../../../shared/schemas/tournaments';
import type { Language } from '../../../shared/values';
import { trpc } from '../trpc';

/**
 * A page the server sent as HTML (decision 0512): the public tournament page, rendered by the same
 * components the app hydrates it with. The answer it was rendered from travels with it in a
 * `<script type="application/json">`, so the app's first render is the server's, row for row, and nothing
 * on the screen moves or blinks when the app takes over.
 */
export interface ServerPage {
  slug: string;
  /** The language it was rendered in: the app hydrates in it, then shows the reader's own choice. */
  language: Language;
  page: PublicTournamentPage;
}

/** The id of the script element that carries the answer; its data attributes carry slug and language. */
export const SERVER_PAGE_ELEMENT_ID = 'server-page';

/** The answer where the screen's `public.tournament` query finds it: no request is made for it. */
export function seedServerPage(queryClient: QueryClient, served: ServerPage): void {
  queryClient.setQueryData(getQueryKey(trpc.public.tournament, { slug: served.slug }, 'query'), served.page);
}

/** The page the server sent, if this document is one (read once, before the first render). */
export function readServerPage(document: Document): ServerPage | null {
  const element = document.getElementById(SERVER_PAGE_ELEMENT_ID);
  const slug = element?.dataset.slug;
  const language = element?.dataset.language;
  if (!element || !slug || (language !== 'nb' && language !== 'en')) return null;
  try {
    return { slug, language, page: JSON.parse(element.textContent ?? '') as PublicTournamentPage };
  } catch {
    return null;
  }
}
