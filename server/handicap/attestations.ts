import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DELETED_ACCOUNT, UNNAMED_PLAYER } from '../../shared/placeholder-names';
import type { Queryable } from '../db/client';
import { appUser, handicapScore } from '../db/schema';

export interface Attestation {
  attestedBy: string;
  /** The attester's account; null for a guest marker or a deleted account. */
  attestedByUserId: string | null;
  attestedAt: Date;
}

const attester = alias(appUser, 'attester');

/** The attested cards among these round participants, by participant id. */
export async function attestationsOf(
  db: Queryable,
  participantIds: readonly string[],
): Promise<Map<string, Attestation>> {
  if (participantIds.length === 0) return new Map();
  const rows = await db
    .select({
      participantId: handicapScore.participantId,
      attesterId: attester.id,
      attesterName: attester.name,
      guestName: handicapScore.attestedByGuestName,
      attestedAt: handicapScore.attestedAt,
    })
    .from(handicapScore)
    .leftJoin(attester, eq(attester.id, handicapScore.attestedByUserId))
    .where(inArray(handicapScore.participantId, [...participantIds]));
  return new Map(
    rows.map((r) => [
      r.participantId!,
      {
        attestedBy: attesterName(r.attesterId, r.attesterName, r.guestName),
        attestedByUserId: r.attesterId,
        attestedAt: r.attestedAt,
      },
    ]),
  );
}

/** A guest marker by the name entered; an attester who deleted their account is named no more. */
export function attesterName(accountId: string | null, accountName: string | null, guestName: string | null): string {
  if (accountId !== null) return accountName ?? UNNAMED_PLAYER;
  return guestName ?? DELETED_ACCOUNT;
}
