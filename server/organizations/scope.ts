import type { Language } from '../../shared/values';
import { audit, type AuditEvent } from '../audit';
import type { AfterCommit } from '../db/after-commit';
import type { Transaction } from '../db/client';
import type { Deps } from '../deps';
import type { Role } from '../../shared/values';

/**
 * What an organization procedure runs in: the tenancy transaction opened by orgMemberProcedure after the
 * membership check, and who is acting with which role. Every read and write in an organization's use cases
 * goes through `tx`, so the row-level policies apply to organization-scoped tables; the queries filter by
 * organization too. Its own module so that organizations.ts and invitations.ts both use it without
 * importing each other.
 */
export interface OrgScope {
  tx: Transaction;
  organizationId: string;
  actorUserId: string;
  actorRole: Role;
  ip: string;
  /** The language the caller reads (decision 0020): the account's choice, else the request's. */
  language?: Language;
  /**
   * Runs `work` once the transaction has committed (never if it rolls back): news for the live layer must
   * not announce a change that could still be undone, nor arrive before others can read it.
   */
  afterCommit: AfterCommit;
}

/** Records an organization's security event in its own transaction, with who acted from where. */
export function auditInScope(
  deps: Pick<Deps, 'now' | 'metrics'>,
  scope: Pick<OrgScope, 'tx' | 'organizationId' | 'actorUserId' | 'ip'>,
  event: Omit<AuditEvent, 'actorUserId' | 'organizationId' | 'ip'>,
): Promise<void> {
  return audit(deps, scope.tx, {
    ...event,
    actorUserId: scope.actorUserId,
    organizationId: scope.organizationId,
    ip: scope.ip,
  });
}
