/** Whom the per-address limit of the session routes counts a request for. */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../server/services/rateStore';

describe('addressKey', () => {
  it('keeps an IPv4 address, also one written as IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const key = '2001:db8:abcd:12::/64';
    for (const ip of ['2001:db8:abcd:12::1', '2001:0db8:abcd:0012:ffff:1:2:3', '2001:DB8:ABCD:12:0:0:0:9', '2001:db8:abcd:12::a:b', '2001:db8:abcd:12::1%eth0']) {
      expect(addressKey(ip), ip).toBe(key);
    }
    expect(addressKey('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
