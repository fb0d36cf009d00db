import { describe, expect, it } from 'vitest';
import { connectionOf } from './connection';

describe('the connection state', () => {
  it('reads a subscription’s status as live, offline or connecting', () => {
    expect(connectionOf('pending')).toBe('live');
    expect(connectionOf('error')).toBe('offline');
    expect(connectionOf('connecting')).toBe('connecting');
    expect(connectionOf('idle')).toBe('connecting');
  });
});
