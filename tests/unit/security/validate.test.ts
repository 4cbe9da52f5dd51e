import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OnboardingInput } from '../../../src/core/onboarding/onboarding-schema.ts';
import { sanitize } from '../../../src/core/security/sanitize.ts';
import {
  EMAIL_MAX,
  httpUrl,
  LONG_TEXT_MAX,
  optionalHttpUrl,
  optionalSafeEmail,
  optionalSafeText,
  safeEmail,
  safeText,
  TEXT_MAX,
  TITLE_MAX,
  validate,
} from '../../../src/core/security/validate.ts';
import { validationText } from '../../../src/core/validation/english.ts';
import { keyedIssues } from '../../../src/core/validation/issues.ts';

/** A refusal's message as the server says it: its key's English text (decision 236). */
const messageOf = (result: ReturnType<typeof validate>) => (result.ok ? null : validationText(result.message, result.params));

describe('validate: the validation messages', () => {
  it('refuses what is empty after sanitising', () => {
    for (const type of ['text', 'longText', 'title', 'email', 'url'] as const) {
      expect(messageOf(validate(type, ''))).toBe('Input cannot be empty');
      expect(messageOf(validate(type, '   \n\t'))).toBe('Input cannot be empty');
      expect(messageOf(validate(type, '<b></b><script>x</script>'))).toBe('Input cannot be empty');
    }
  });

  it('limits each text type: text 5000, long text 10000, title 200, e-mail 254', () => {
    expect(TEXT_MAX).toBe(5000);
    expect(LONG_TEXT_MAX).toBe(10_000);
    expect(TITLE_MAX).toBe(200);
    expect(EMAIL_MAX).toBe(254);
    expect(validate('text', 'a'.repeat(5000))).toEqual({ ok: true, value: 'a'.repeat(5000) });
    expect(messageOf(validate('text', 'a'.repeat(5001)))).toBe('Text is too long (max 5000 characters)');
    expect(validate('longText', 'a'.repeat(10_000)).ok).toBe(true);
    // Reported, not silently cut to 10000 by sanitising.
    expect(messageOf(validate('longText', 'a'.repeat(10_001)))).toBe('Text is too long (max 10000 characters)');
    expect(validate('title', 'a'.repeat(200)).ok).toBe(true);
    expect(messageOf(validate('title', 'a'.repeat(201)))).toBe('Text is too long (max 200 characters)');
    expect(messageOf(validate('email', `${'a'.repeat(250)}@b.co`))).toBe('Text is too long (max 254 characters)');
  });

  it('counts length after sanitising', () => {
    expect(validate('title', `<b>${'a'.repeat(200)}</b>`)).toEqual({ ok: true, value: 'a'.repeat(200) });
    expect(validate('title', `   ${'a'.repeat(200)}   `).ok).toBe(true);
  });

  it('returns the sanitised text', () => {
    expect(validate('text', '  <b>Ana</b> ')).toEqual({ ok: true, value: 'Ana' });
    expect(validate('text', 'Key data: churn is 5%')).toEqual({ ok: true, value: 'Key data: churn is 5%' });
  });

  // `=` is a legal local-part character: `onx=` outside a tag is not a handler (decision 030).
  it.each(['ana@example.com', ' ana.perez+rumbo@sub.example.co ', 'ñandú@ejemplo.mx', 'onx=@y.com'])('accepts the e-mail %j', (email) => {
    expect(validate('email', email)).toEqual({ ok: true, value: email.trim() });
  });

  it.each(['ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'a@b@c.com', 'x<y>@z.com', 'a@b.co<script>'])(
    'refuses the e-mail %j',
    (email) => {
      expect(messageOf(validate('email', email))).toBe('Invalid email format');
    },
  );

  it.each(['https://rumbo.app', 'http://example.com/path?q=1#x', 'https://app.example/?online=1&onboarding=done', ' https://www.linkedin.com/in/ana-perez '])('accepts the URL %j', (url) => {
    expect(validate('url', url)).toEqual({ ok: true, value: url.trim() });
  });

  it.each([
    ['acme.com', 'https://acme.com'],
    [' www.acme.com.mx/about ', 'https://www.acme.com.mx/about'],
    ['tienda-café.cl', 'https://tienda-café.cl'],
    ['acme.com:8080/?q=1', 'https://acme.com:8080/?q=1'],
  ])('completes the web address %j a founder types as %j in the profile fields', (typed, stored) => {
    expect(OnboardingInput.shape.startupWebpageUrl.parse(typed)).toBe(stored);
  });

  it.each(['acme', 'not a url', 'javascript:alert(1)', 'ftp://acme.com', 'acme.com/<script>'])('does not complete %j into an address', (typed) => {
    expect(OnboardingInput.shape.startupWebpageUrl.safeParse(typed).success).toBe(false);
  });

  it.each([
    ['not a url', 'Invalid URL format'],
    ['example.com', 'Invalid URL format'],
    ['acme', 'Invalid URL format'],
    ['https://', 'Invalid URL format'],
    ['javascript:alert(1)', 'Only http/https URLs are allowed'],
    ['JAVASCRIPT:alert(1)', 'Only http/https URLs are allowed'],
    ['data:text/html,<script>alert(1)</script>', 'Only http/https URLs are allowed'],
    ['ftp://example.com', 'Only http/https URLs are allowed'],
    ['mailto:ana@example.com', 'Only http/https URLs are allowed'],
    ['https://example.com/?q=<script>alert(1)</script>', 'URL contains disallowed patterns'],
    ['https://example.com/?next=javascript:alert(1)', 'URL contains disallowed patterns'],
    ['https://example.com/?q=%3Cscript%3E', 'URL contains disallowed patterns'],
    ['https://example.com/?q=%253Ciframe%253E', 'URL contains disallowed patterns'],
    ['https://example.com/?u=data:text/html;base64,AA', 'URL contains disallowed patterns'],
    ['https://example.com/<b>x</b>', 'URL contains disallowed patterns'],
    ['https://example.com/" onmouseover="alert(1)', 'URL contains disallowed patterns'],
    ['https://example.com/"onmouseover="alert(1)', 'URL contains disallowed patterns'],
    ['https://example.com/?q=<img src=x onerror=alert(1)>', 'URL contains disallowed patterns'],
  ])('refuses the URL %j with %j', (url, message) => {
    expect(messageOf(validate('url', url))).toBe(message);
  });

  it('never throws and only passes sanitised values', () => {
    const types = fc.constantFrom(...(['text', 'longText', 'title', 'email', 'url'] as const));
    const value = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('<', '>', 'b', 'script', ':', '=', 'on', 'javascript:', 'https://', '@', '.', 'a', ' ', '%3C') }));
    fc.assert(
      fc.property(types, value, (type, input) => {
        const result = validate(type, input);
        if (result.ok) {
          expect(result.value.length).toBeGreaterThan(0);
          expect(sanitize(result.value)).toBe(result.value);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('zod helpers', () => {
  const Form = z.object({
    name: safeText(TITLE_MAX),
    about: optionalSafeText(),
    email: safeEmail(),
    backupEmail: optionalSafeEmail(),
    site: optionalHttpUrl(),
    linkedin: httpUrl(),
  });
  const valid = { name: ' <b>Ana</b> ', email: 'ana@example.com', linkedin: 'https://linkedin.com/in/ana' };

  it('sanitises and outputs clean values; optional empties become null, absent stays absent', () => {
    const parsed = Form.parse({ ...valid, about: '  ', backupEmail: '', site: null });
    expect(parsed).toEqual({ name: 'Ana', about: null, email: 'ana@example.com', backupEmail: null, site: null, linkedin: 'https://linkedin.com/in/ana' });
    expect(Form.parse(valid)).not.toHaveProperty('about');
    expect(Form.parse({ ...valid, about: '<i></i>' }).about).toBeNull();
    expect(Form.parse({ ...valid, about: 'Key data: churn is 5%' }).about).toBe('Key data: churn is 5%');
  });

  it('fails with the product’s messages at the right path', () => {
    const result = Form.safeParse({ name: '<b></b>', email: 'nope', site: 'ftp://x.y', linkedin: 'x', about: 'a'.repeat(5001) });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(keyedIssues(result.error!).map((issue) => [issue.path, validationText(issue.key, issue.params)]));
    expect(issues).toEqual({
      name: 'Input cannot be empty',
      about: 'Text is too long (max 5000 characters)',
      email: 'Invalid email format',
      site: 'Only http/https URLs are allowed',
      linkedin: 'Invalid URL format',
    });
  });

  it('refuses non-strings', () => {
    expect(safeText().safeParse(5).success).toBe(false);
    expect(optionalSafeText().safeParse(5).success).toBe(false);
  });
});
