import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATA_URI, EVENT_HANDLER, findBlockedPattern, findBlockedPatternDeep, SCRIPT_SCHEME, TAG_START } from '../../../src/core/security/blocked-patterns.ts';
import { cleanText, sanitize, sanitizeDeep, SANITIZE_MAX_LENGTH } from '../../../src/core/security/sanitize.ts';

/*
 * What "dangerous" means in the properties, decided here independently of the module's own
 * exported patterns (which are checked as well):
 * - a tag is `<` directly followed by an ASCII letter, `/`, `!` or `?` (what an HTML
 *   tokenizer opens a tag, end tag, comment or declaration on); `a < b` is prose;
 * - a scheme is `javascript:` / `vbscript:`, also with tabs or line feeds between letters;
 * - a data URI is `data:` + a registered top-level media type + `/`;
 * - an inline handler is `on<letters>=` as an attribute of a tag still open: `<` and a
 *   letter, no `<` or `>`, then whitespace, `/` or a quote before `on` (prose such as
 *   `online = 3` or `?online=1` outside a tag is text, not a handler).
 */
const TAG = /<[a-z!?/]/i;
const SCHEME = /javascript:|vbscript:/i;
const SPACED_SCHEME = /j[\t\n]*a[\t\n]*v[\t\n]*a[\t\n]*s[\t\n]*c[\t\n]*r[\t\n]*i[\t\n]*p[\t\n]*t[\t\n]*:|v[\t\n]*b[\t\n]*s[\t\n]*c[\t\n]*r[\t\n]*i[\t\n]*p[\t\n]*t[\t\n]*:/i;
const DATA = /\bdata[\t\n]*:[ \t\n]*(?:application|audio|example|font|haptics|image|message|model|multipart|text|video)[\t\n]*\//i;
const HANDLER = /<[a-z][^<>]*[\s/"']on[a-z]+\s*=/i;
// eslint-disable-next-line no-control-regex -- control characters are what this detects
const NON_PRINTABLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// Pieces that combine into (or hide) every pattern, so random mixes hit the edge cases.
const FRAGMENTS = [
  '<', '>', '/', ':', '=', ' ', '\t', '\n', '\r', '\u0000', '\u0007', '\u200B', '\u202E', '\uFEFF', '\uD800', '\uDC00',
  '<script>', '</script>', '<scr', 'ipt>', 'script', '<SCRIPT src=x>', '<script/>', '</script >',
  'java', 'javascript:', 'JaVaScRiPt:', 'vbscript:', 'vb', 'java\tscript:', 'jav\nascript',
  'on', 'onerror', 'onerror=', 'onClick =', 'on\u00a0', 'error', '=alert(1)',
  'data', 'data:', 'data:text/html,', 'data: image/png;base64,', 'text', 'image', 'meta',
  '<b>', '</b>', '<!--', '-->', '<iframe src=x>', '<img src=x onerror=alert(1)>', '<form>', '<?xml', '<!DOCTYPE',
  'a', 'b', 'x', '1', '_', 'ñ', 'á', '😀', '👨‍👩‍👧', 'Key data: churn is 5%',
];

const fragmentMix = fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 3 }) }), { maxLength: 60 }).map((parts) => parts.join(''));
const anyInput = fc.oneof({ weight: 4, arbitrary: fragmentMix }, { weight: 1, arbitrary: fc.string({ unit: 'binary' }) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme' }) });

function expectClean(output: string): void {
  expect(output).not.toMatch(TAG);
  expect(output).not.toMatch(SCHEME);
  expect(output).not.toMatch(SPACED_SCHEME);
  expect(output).not.toMatch(DATA);
  expect(output).not.toMatch(HANDLER);
  expect(output).not.toMatch(NON_PRINTABLE);
  // The module's own definitions agree.
  for (const pattern of [TAG_START, SCRIPT_SCHEME, DATA_URI, EVENT_HANDLER]) expect(output).not.toMatch(pattern);
  expect(output.length).toBeLessThanOrEqual(SANITIZE_MAX_LENGTH);
  expect(output).toBe(output.trim());
}

describe('sanitize: examples', () => {
  it.each([
    ['<b>Ana</b>', 'Ana'],
    ['Key data: churn is 5%', 'Key data: churn is 5%'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src=x onerror=alert(1)>Ana', 'Ana'],
    ['javascript:alert(1)', 'alert(1)'],
    ['JavaScript:alert(1)', 'alert(1)'],
    ['vbscript:msgbox(1)', 'msgbox(1)'],
    ['java\tscript:alert(1)', 'alert(1)'],
    ['<script>alert(1)</script>Hello', 'Hello'],
    ['Hi <SCRIPT type="x">steal()</SCRIPT > there', 'Hi  there'],
    ['<script>never closed', ''],
    ['<p>One</p> <p>Two</p>', 'One Two'],
    ['data:text/html,<script>alert(1)</script>', 'html,'],
    ['see DATA:image/png;base64,AAAA', 'see png;base64,AAAA'],
    ['data: text/html,x', 'html,x'],
    ['metadata:text/html', 'metadata:text/html'],
    ['Our data: 5 customers/week', 'Our data: 5 customers/week'],
    ['Key data: revenue/month', 'Key data: revenue/month'],
    ['<div onclick = "x()">Go</div>', 'Go'],
    ['say onerror=alert(1)', 'say onerror=alert(1)'],
    ['Key data: on=3, churn is 5%', 'Key data: on=3, churn is 5%'],
    ['https://app.example/?online=1&onboarding=2', 'https://app.example/?online=1&onboarding=2'],
    ['online = 3 users', 'online = 3 users'],
    ['<svg/onload=alert(1)>Hi', 'Hi'],
    ['<img src="x"onerror=alert(1)', '< img src="x"alert(1)'],
    ['<a href=x\nonclick =go()>link</a>', 'link'],
    ['  padded \n', 'padded'],
    ['a\r\nb\rc', 'a\nb\nc'],
    ['tab\there\nnew line', 'tab\there\nnew line'],
    ['nul\u0000 bell\u0007 del\u007f', 'nul bell del'],
    ['ñandú, acción, 😀 👨‍👩‍👧 日本', 'ñandú, acción, 😀 👨‍👩‍👧 日本'],
    // Invisible fillers: Hangul filler, blank Braille, a tag character, the grapheme joiner.
    ['a\u3164b\u2800c\u{E0041}d\u034Fe\uFFA0f\u115Fg', 'abcdefg'],
    ['esc\u001b[31m bs\b nel\u0085 rlo\u202Eend', 'esc[31m bs nel rloend'],
    // A subdivision flag is tag characters after 🏴: kept whole.
    ['🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} England', '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} England'],
    ['CAC < LTV and 3 > 2', 'CAC < LTV and 3 > 2'],
    ['I <3 it, churn <5%', 'I <3 it, churn <5%'],
    ['CAC<LTV', 'CAC< LTV'],
    ['<!-- hidden --> shown', 'shown'],
  ])('%j → %j', (input, expected) => {
    expect(sanitize(input)).toBe(expected);
  });

  it.each([
    ['<scr<script>ipt>alert(1)</script>', '< scr'],
    ['<<b>script>alert(1)<</b>/script>', ''],
    ['<sc<b>ript>alert(1)</script>', ''],
    ['javajavascript:script:alert(1)', 'alert(1)'],
    ['jajavascript:vajavascript:script:x', 'x'],
    ['onjavascript:error=alert(1)', 'onerror=alert(1)'],
    ['<b x on<i>x</i>error=alert(1)>y', 'y'],
    ['<b x onjavascript:error=1 y', '< b x 1 y'],
    ['da<b>ta:text/html,x', 'html,x'],
    ['dadata:text/html', 'dadata:text/html'],
    ['(data:te\txt/html,x', '(html,x'],
    ['<scr\u0000ipt>alert(1)</script>', ''],
    ['java\u0000script:alert(1)', 'alert(1)'],
    ['<b\u200B>x</b>', 'x'],
    ['javas<b>cript:alert(1)', 'alert(1)'],
    ['<sjavascript:cript>x', ''],
    ['o<i>n</i>error=alert(1)', 'onerror=alert(1)'],
    ['<img src=x o<i>n</i>error=alert(1)>ok', 'ok'],
  ])('removing one piece does not assemble another: %j → %j', (input, expected) => {
    const output = sanitize(input);
    expect(output).toBe(expected);
    expectClean(output);
  });

  it('cuts to 10000 characters after trimming, never splitting an emoji', () => {
    expect(sanitize(`   ${'a'.repeat(12_000)}`)).toBe('a'.repeat(10_000));
    const emoji = sanitize(`a${'😀'.repeat(6000)}`);
    expect(emoji.length).toBe(9999);
    expect(emoji.endsWith('😀')).toBe(true);
    expect(sanitize(`${'<b>'.repeat(5000)}${'z'.repeat(100)}`)).toBe('z'.repeat(100));
  });

  it('never throws on non-strings from untyped callers', () => {
    expect(sanitize(undefined as unknown as string)).toBe('');
    expect(sanitize(42 as unknown as string)).toBe('');
    expect(findBlockedPattern(null as unknown as string)).toBeNull();
  });

  // Speed itself is measured in bench/, not here; this proves the deep attacks are handled.
  it('handles deeply nested reassembly attacks', () => {
    const n = 100_000;
    expect(sanitize('<'.repeat(n) + 'b>'.repeat(n))).toBe('');
    expect(sanitize('java'.repeat(n) + 'script:'.repeat(n))).toBe('');
    expect(sanitize('on'.repeat(n) + 'x='.repeat(n) + 'ok')).not.toMatch(HANDLER);
    expect(sanitize('<a '.repeat(n) + 'onx='.repeat(n) + 'ok')).not.toMatch(HANDLER);
    expect(findBlockedPattern('<a'.repeat(n) + ' on'.repeat(n))).toBeNull();
    expect(sanitize('<a'.repeat(n))).not.toMatch(TAG);
  });

  it('keeps the output of cleanText within the limit only through sanitize', () => {
    expect(cleanText('a'.repeat(10_500))).toHaveLength(10_500);
    expect(sanitize('a'.repeat(10_500))).toHaveLength(10_000);
  });
});

describe('sanitize: properties', () => {
  it('never leaves a tag, scheme, data URI, handler or control character, and is idempotent', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const output = sanitize(input);
        expectClean(output);
        expect(sanitize(output)).toBe(output);
        expect(findBlockedPattern(output)).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it('holds for long inputs that hit the cut', () => {
    const long = fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1500, maxLength: 3000 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(long, (input) => {
        const output = sanitize(input);
        expectClean(output);
        expect(sanitize(output)).toBe(output);
      }),
      { numRuns: 50 },
    );
  });

  it('leaves harmless prose exactly as typed (apart from trimming)', () => {
    const prose = fc.string({ unit: fc.constantFrom(...[...'abcXYZ019 .,;!?%$()-_\'"/&#@ñáÉü😀\n\t'], '👨‍👩‍👧'), maxLength: 200 });
    fc.assert(
      fc.property(prose, (text) => {
        expect(sanitize(text)).toBe(text.trim());
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the text between harmless tags', () => {
    const word = fc.string({ unit: fc.constantFrom(...'abc xyzñ😀.'), minLength: 1, maxLength: 30 });
    const tag = fc.constantFrom('b', 'i', 'em', 'strong', 'span', 'p', 'a href="https://x.y"');
    fc.assert(
      fc.property(word, tag, (text, name) => {
        expect(sanitize(`<${name}>${text}</${name.split(' ')[0]}>`)).toBe(text.trim());
      }),
      { numRuns: 300 },
    );
  });
});

describe('findBlockedPattern', () => {
  it.each([
    ['<script>alert(1)</script>', '<script'],
    ['x </SCRIPT>', '</script'],
    ['<iframe src=x>', '<iframe'],
    ['<object data=x>', '<object'],
    ['<embed src=x>', '<embed'],
    ['<form action=x>', '<form'],
    ['go to javascript:alert(1)', 'javascript:'],
    ['VBScript:x', 'vbscript:'],
    ['java\tscript:x', 'javascript:'],
    ['data:text/html,x', 'data:text/'],
    ['<b onclick = "x">', 'onclick='],
    ['<scr\u0000ipt>', '<script'],
    ['onerror= before <script>', '<script'],
    ['<img src=x onerror=alert(1)>', 'onerror='],
    ['<svg/onload=x>', 'onload='],
    ["<p title='a'onmouseover=x>", 'onmouseover='],
  ])('%j → %j', (input, pattern) => {
    expect(findBlockedPattern(input)).toBe(pattern);
  });

  it.each(['<b>Ana</b>', 'Key data: churn is 5%', 'Key data: on=3', 'https://x.example/?online=1', 'online = 3', 'say onerror=alert(1)', '<b>on=1</b>', 'metadata:text/html', 'a < b', '<formula>', 'plain text', 'data:,hello'])('lets %j through', (input) => {
    expect(findBlockedPattern(input)).toBeNull();
  });
});

describe('sanitizeDeep and findBlockedPatternDeep', () => {
  it('sanitises every string in objects and arrays, leaving keys and other values', () => {
    const date = new Date(0);
    const input = { '<b>key</b>': '<b>value</b>', list: ['javascript:x', 3, null, { deep: ' <i>y</i> ' }], when: date, flag: true };
    const output = sanitizeDeep(input);
    expect(output).toEqual({ '<b>key</b>': 'value', list: ['x', 3, null, { deep: 'y' }], when: date, flag: true });
    expect(output.when).toBe(date);
    expect(input.list[0]).toBe('javascript:x');
    expect(sanitizeDeep(' <b>x</b> ')).toBe('x');
    expect(sanitizeDeep(5)).toBe(5);
  });

  it('keeps a JSON "__proto__" key a plain key', () => {
    const output = sanitizeDeep(JSON.parse('{"__proto__": {"polluted": "<b>yes</b>"}}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.keys(output)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives cycles and deep nesting', () => {
    const cyclic: Record<string, unknown> = { a: '<b>x</b>' };
    cyclic.self = cyclic;
    const copy = sanitizeDeep(cyclic);
    expect(copy.a).toBe('x');
    expect(copy.self).toBe(copy);
    let deep: unknown = '<script>x</script>';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => sanitizeDeep(deep)).not.toThrow();
    expect(findBlockedPatternDeep(deep)?.pattern).toBe('<script');
  });

  it('reports the first string with a blocked pattern and its path', () => {
    expect(findBlockedPatternDeep({ a: 'ok', b: [{ c: 'fine' }, { d: '<b x onerror=1' }], e: '<script>' })).toEqual({ path: 'b[1].d', pattern: 'onerror=' });
    expect(findBlockedPatternDeep('javascript:x')).toEqual({ path: '', pattern: 'javascript:' });
    expect(findBlockedPatternDeep({ '<script>': 'key only' })).toBeNull();
    expect(findBlockedPatternDeep({ a: ['<b>fine</b>', 1, null] })).toBeNull();
  });

  it('finds nothing in whatever sanitizeDeep returns', () => {
    const withAttacks = fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.array(anyInput, { maxLength: 5 })).map(([value, strings]) => ({ value, strings }));
    fc.assert(
      fc.property(withAttacks, (input) => {
        expect(findBlockedPatternDeep(sanitizeDeep(input))).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
