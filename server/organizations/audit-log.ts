import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../deps';
import type { OrgScope } from './scope';
import { appUser, auditLog } from '../db/schema';

export interface AuditPerson {
  userId: string;
  /** Null when the account no longer exists (deleted by a merge). */
  name: string | null;
  email: string | null;
}

export interface AuditEntry {
  id: string;
  action: string;
  createdAt: Date;
  ip: string | null;
  actor: AuditPerson | null;
  subject: AuditPerson | null;
  details: Record<string, unknown> | null;
}

export interface Page {
  page: number;
  limit: number;
  total: number;
}

const actor = alias(appUser, 'actor');
const subject = alias(appUser, 'subject');

function person(userId: string | null, name: string | null, email: string | null): AuditPerson | null {
  return userId === null ? null : { userId, name, email };
}

/**
 * One organization's security events, newest first. `db` is the organization's tenancy transaction: the
 * filter below is the application's check, the row-level policy the backstop that holds without it.
 */
export async function readAuditLog(
  _deps: Deps,
  scope: Pick<OrgScope, 'tx' | 'organizationId'>,
  input: { page: number; limit: number },
): Promise<{ entries: AuditEntry[] } & Page> {
  const db = scope.tx;
  const where = eq(auditLog.organizationId, scope.organizationId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      createdAt: auditLog.createdAt,
      ip: auditLog.ip,
      details: auditLog.details,
      actorUserId: auditLog.actorUserId,
      actorName: actor.name,
      actorEmail: actor.email,
      subjectUserId: auditLog.subjectUserId,
      subjectName: subject.name,
      subjectEmail: subject.email,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action,
      createdAt: r.createdAt,
      ip: r.ip,
      actor: person(r.actorUserId, r.actorName, r.actorEmail),
      subject: person(r.subjectUserId, r.subjectName, r.subjectEmail),
      details: r.details ?? null,
    })),
    page: input.page,
    limit: input.limit,
    total,
  };
}
