import { afterEach, describe, expect, it } from 'vitest';
import { forgetSecrets, maskError, maskSecrets, rememberSecret, secretsIn } from './mask.js';

afterEach(() => forgetSecrets());

describe('maskSecrets', () => {
  it('replaces remembered secrets, also URL- and JSON-escaped', () => {
    rememberSecret('p@ss "word"/1');
    const text = 'a p@ss "word"/1 b p%40ss%20%22word%22%2F1 c p@ss \\"word\\"/1';
    expect(maskSecrets(text)).toBe('a *** b *** c ***');
  });

  it('replaces extra secrets given for this text, longest first', () => {
    expect(maskSecrets('x abcdef y abc', ['abc', 'abcdef'])).toBe('x *** y ***');
  });

  it('leaves secrets shorter than 3 characters to the shapes (a letter is not blanked out)', () => {
    rememberSecret('ab');
    expect(maskSecrets('about "password":"ab"')).toBe('about "password":"***"');
  });

  it('masks password-like fields in JSON, query text and URLs whatever their value', () => {
    expect(maskSecrets('{"password":"a\\"b","user":"x","ssl_password": "q", "secret":42}')).toBe(
      '{"password":"***","user":"x","ssl_password": "***", "secret":***}',
    );
    expect(maskSecrets("{'passwd': 'zz'}")).toBe("{'passwd': '***'}");
    expect(maskSecrets('POST /users?username=bob&password=hunter22&level=1')).toBe(
      'POST /users?username=bob&password=***&level=1',
    );
    expect(maskSecrets('radius[secret]=s3 ok')).toBe('radius[secret]=*** ok');
    expect(maskSecrets('via https://root:toor@10.0.0.1/rest and ftp://u:p@h')).toBe(
      'via https://root:***@10.0.0.1/rest and ftp://u:***@h',
    );
  });

  it('leaves ordinary text alone', () => {
    const text = 'GET /rules/all failed: invalid password length (HTTP 400); see http://h/rest';
    expect(maskSecrets(text)).toBe(text);
  });
});

describe('secretsIn and maskError', () => {
  it('finds the values of password-like keys at any depth', () => {
    expect(
      secretsIn({
        username: 'bob',
        password: 'p1',
        radius: { secret: 'r2', port: 1812 },
        l: [{ ssl_password: 3 }],
      }),
    ).toEqual(['p1', 'r2', '3']);
  });

  it('masks an error message and its stack in place', () => {
    const err = new Error('denied for hunter22');
    expect(maskError(err, ['hunter22'])).toBe(err);
    expect(err.message).toBe('denied for ***');
    expect(err.stack).not.toContain('hunter22');
  });
});
