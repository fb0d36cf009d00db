import type { Request } from 'express';

/**
 * Whether a GET /feed is a browser opening the app's feed page rather than an API client reading the feed
 * (decision 0507): the Accept header names text/html (with a weight above zero) and does not name
 * application/json. `*\/*`, no Accept header, or any mention of JSON is the API.
 */
export function wantsFeedPage(req: Pick<Request, 'get'>): boolean {
  const accept = req.get('accept');
  if (!accept) return false;
  const named = new Set<string>();
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    named.add(type);
  }
  return named.has('text/html') && !named.has('application/json');
}
