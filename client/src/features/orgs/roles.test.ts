import { describe, expect, it } from 'vitest';
import { applyLanguage, loadTexts } from '../../i18n';
import { assignableRoles, describeAuditEntry } from './roles';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['account', 'orgs']);

const kari = { name: 'Kari', email: 'kari@example.no' };
const ola = { name: null, email: 'ola@example.no' };

describe('roles', () => {
  it('lets an owner grant every role and an admin only admin or member', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'admin', 'member']);
    expect(assignableRoles('admin')).toEqual(['admin', 'member']);
    expect(assignableRoles('member')).toEqual([]);
  });
});

describe('the audit log in Norwegian', () => {
  it('names who did what to whom, with roles in Norwegian', () => {
    expect(describeAuditEntry({ action: 'org.created', actor: kari, subject: null, details: null })).toBe(
      'Kari opprettet klubben',
    );
    expect(
      describeAuditEntry({
        action: 'org.member_invited',
        actor: kari,
        subject: null,
        details: { email: 'per@example.no', role: 'admin' },
      }),
    ).toBe('Kari inviterte per@example.no som administrator');
    expect(
      describeAuditEntry({
        action: 'org.invitation_resent',
        actor: kari,
        subject: null,
        details: { email: 'per@example.no', role: 'admin' },
      }),
    ).toBe('Kari sendte invitasjonen til per@example.no på nytt');
    expect(
      describeAuditEntry({
        action: 'org.invitation_cancelled',
        actor: ola,
        subject: null,
        details: { email: 'per@example.no', role: 'member' },
      }),
    ).toBe('ola@example.no trakk tilbake invitasjonen til per@example.no');
    expect(
      describeAuditEntry({
        action: 'org.role_changed',
        actor: kari,
        subject: ola,
        details: { from: 'member', to: 'admin' },
      }),
    ).toBe('Kari endret rollen til ola@example.no fra medlem til administrator');
    expect(
      describeAuditEntry({
        action: 'org.member_added',
        actor: kari,
        subject: ola,
        details: { role: 'member', via: 'invitation' },
      }),
    ).toBe('ola@example.no ble med som medlem (invitasjon fra Kari)');
  });

  it('tells leaving from being removed, and survives deleted accounts and unknown actions', () => {
    expect(
      describeAuditEntry({
        action: 'org.member_removed',
        actor: ola,
        subject: ola,
        details: { role: 'member', left: true },
      }),
    ).toBe('ola@example.no forlot klubben');
    expect(
      describeAuditEntry({
        action: 'org.member_removed',
        actor: kari,
        subject: null,
        details: { role: 'admin', left: false },
      }),
    ).toBe('Kari fjernet en slettet konto (administrator)');
    expect(describeAuditEntry({ action: 'org.something_new', actor: null, subject: null, details: null })).toBe(
      'Noen: org.something_new',
    );
  });
});

describe('the audit log in English', () => {
  it('reads as an English sentence, with roles in English', async () => {
    await applyLanguage('en');
    expect(
      describeAuditEntry(
        { action: 'org.role_changed', actor: kari, subject: ola, details: { from: 'member', to: 'admin' } },
        'en',
      ),
    ).toBe('Kari changed the role of ola@example.no from member to administrator');
    expect(
      describeAuditEntry(
        { action: 'org.member_added', actor: kari, subject: ola, details: { role: 'member', via: 'invitation' } },
        'en',
      ),
    ).toBe('ola@example.no joined as member (invited by Kari)');
    expect(
      describeAuditEntry(
        { action: 'org.member_removed', actor: kari, subject: null, details: { role: 'admin' } },
        'en',
      ),
    ).toBe('Kari removed a deleted account (administrator)');
    // The Norwegian sentence does not change with the language shown.
    expect(describeAuditEntry({ action: 'org.created', actor: kari, subject: null, details: null })).toBe(
      'Kari opprettet klubben',
    );
  });
});
