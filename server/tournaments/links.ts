/** The tournament's page in the app (client/src/routes.ts), as a mail or a push links to it. */
export function tournamentAppUrl(publicUrl: string, t: { id: string; organizationId: string }): string {
  return `${publicUrl}/klubber/${encodeURIComponent(t.organizationId)}/turneringer/${encodeURIComponent(t.id)}`;
}
