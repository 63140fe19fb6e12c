import { describe, expect, it } from 'vitest';
import {
  AuthError,
  ConnectionError,
  DeviceError,
  deviceFailure,
  exitCodeFor,
  ForbiddenError,
  isErrorResult,
  ParseError,
  PbcError,
  ReadonlyError,
  TimeoutError,
} from './errors.js';
import { forgetSecrets, rememberSecret } from './mask.js';

describe('isErrorResult (errors carried in `result`)', () => {
  it.each([
    'OK',
    'ok',
    'success',
    '',
    'Rule added',
    '3 rules deleted',
    'Saved. 0 errors',
    'Nothing to do',
  ])('treats %j as success', (text) => {
    expect(isErrorResult(text)).toBe(false);
  });

  it.each([
    'Error: rule exists',
    'error adding rule',
    'Failed to apply save-point',
    'failed',
    'invalid priority',
    'Invalid match field nw_src',
    'not found',
    'Not allowed in ipv6 mode',
    'Cannot delete a readonly save-point',
    'Unable to reach RADIUS server',
    '  error with leading spaces',
  ])('treats %j as an error', (text) => {
    expect(isErrorResult(text)).toBe(true);
  });
});

describe('error classes', () => {
  it('map to exit codes', () => {
    expect(exitCodeFor(new DeviceError('x'))).toBe(1);
    expect(exitCodeFor(new ParseError('GET /x', 'a.b', 'bad'))).toBe(1);
    expect(exitCodeFor(new ReadonlyError('x'))).toBe(2);
    expect(exitCodeFor(new ConnectionError('x', 'refused'))).toBe(3);
    expect(exitCodeFor(new TimeoutError('x'))).toBe(3);
    expect(exitCodeFor(new AuthError('x'))).toBe(4);
    expect(exitCodeFor(new ForbiddenError('x'))).toBe(4);
    expect(exitCodeFor(new Error('x'))).toBe(1);
    expect(exitCodeFor('string')).toBe(1);
  });

  it('keep names, status and a one-line message', () => {
    const err = new DeviceError('line one\nline\u001b[2J two', { status: 409 });
    expect(err).toBeInstanceOf(PbcError);
    expect(err.name).toBe('DeviceError');
    expect(err.status).toBe(409);
    expect(err.message).toBe('line one line two');
  });

  it('ParseError names the endpoint and the field path', () => {
    const err = new ParseError('GET /rules/all', 'rules[2].cookie', 'expected an integer');
    expect(err.message).toMatch(
      /^unexpected response from GET \/rules\/all at rules\[2\]\.cookie: expected an integer/,
    );
  });

  it('deviceFailure classifies device messages', () => {
    expect(deviceFailure('GET /x', 'Invalid credentials', 200)).toBeInstanceOf(AuthError);
    expect(deviceFailure('GET /x', 'wrong password', 200)).toBeInstanceOf(AuthError);
    expect(deviceFailure('POST /x', 'insufficient access level', 200)).toBeInstanceOf(
      ForbiddenError,
    );
    const e = deviceFailure('POST /users', 'password too short', 400);
    expect(e).toBeInstanceOf(DeviceError);
    expect(e.message).toBe('POST /users failed: password too short');
  });
});

describe('secrets in error messages', () => {
  it('masks remembered secrets and password-like fields in every PbcError, stack included', () => {
    rememberSecret('hunter22-pw');
    const parse = new ParseError(
      'GET /users',
      '[0].password',
      'expected a number, got the string "hunter22-pw"',
    );
    const device = new DeviceError('POST /users failed: bad body {"password":"Other-Pw-5"}');
    for (const err of [parse, device]) {
      expect(`${err.message}\n${err.stack}`).not.toMatch(/hunter22-pw|Other-Pw-5/);
      expect(err.message).toContain('***');
    }
    forgetSecrets();
  });
});
