import { describe, expect, it } from 'vitest';
import { connectionWarnings, isLoopbackHost } from './warnings.js';

describe('isLoopbackHost', () => {
  it('knows 127.0.0.0/8, ::1 and localhost', () => {
    for (const h of [
      '127.0.0.1',
      '127.1.2.3',
      '[::1]',
      '::1',
      'localhost',
      'LOCALHOST',
      'a.localhost',
    ])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of [
      '192.0.2.10',
      '10.0.0.1',
      '128.0.0.1',
      'localhost.example.com',
      '[fd00::2]',
      'pb1',
      '127.0.0.999',
    ])
      expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe('connectionWarnings', () => {
  const base = { credentials: true, insecure: false };
  it('warns of credentials over plain http to another machine only', () => {
    expect(connectionWarnings({ ...base, url: 'http://192.0.2.10/rest' })).toEqual([
      'sending credentials over plain http to 192.0.2.10 (anyone on the path can read them; use https)',
    ]);
    expect(connectionWarnings({ ...base, url: 'http://127.0.0.1:8080/rest' })).toEqual([]);
    expect(connectionWarnings({ ...base, url: 'http://[::1]:8080/rest' })).toEqual([]);
    expect(connectionWarnings({ ...base, url: 'https://192.0.2.10/rest' })).toEqual([]);
    expect(
      connectionWarnings({ ...base, credentials: false, url: 'http://192.0.2.10/rest' }),
    ).toEqual([]);
  });

  it('warns of unverified TLS on any https host, naming where insecure came from', () => {
    expect(
      connectionWarnings({ ...base, insecure: true, url: 'https://127.0.0.1:8443/rest' }),
    ).toEqual([
      'TLS certificate of 127.0.0.1:8443 not verified (--insecure): the device is not authenticated',
    ]);
    expect(
      connectionWarnings({
        credentials: false,
        insecure: true,
        insecureSource: "insecure: true in context 'bench'",
        url: 'https://pb/rest',
      }),
    ).toEqual([
      "TLS certificate of pb not verified (insecure: true in context 'bench'): the device is not authenticated",
    ]);
    expect(connectionWarnings({ ...base, insecure: true, url: 'http://127.0.0.1/rest' })).toEqual(
      [],
    );
  });
});
