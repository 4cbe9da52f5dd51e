import { describe, expect, it } from 'vitest';
import { currencyDigits, DECIMAL_COMMA, DECIMAL_POINT, numberConvention } from '../../../src/core/numbers/convention.ts';

describe('the convention numbers are shown in', () => {
  it('follows the founder\'s country: Mexico writes decimal points, Chile, Argentina and Colombia decimal commas', () => {
    for (const country of ['MX', 'PE', 'GT', 'DO', 'US', 'GB']) expect(numberConvention({ language: 'es-LA', country }), country).toEqual(DECIMAL_POINT);
    for (const country of ['CL', 'AR', 'CO', 'UY', 'PY', 'BO', 'EC', 'VE', 'CR', 'BR', 'ES', 'DE']) {
      expect(numberConvention({ language: 'en', country }), country).toEqual(DECIMAL_COMMA);
    }
  });

  it('without a country, follows a national currency, then the language', () => {
    expect(numberConvention({ language: 'es-LA', currency: 'MXN' })).toEqual(DECIMAL_POINT);
    expect(numberConvention({ language: 'en', currency: 'CLP' })).toEqual(DECIMAL_COMMA);
    expect(numberConvention({ language: 'es-LA', currency: 'USD' })).toEqual(DECIMAL_COMMA);
    expect(numberConvention({ language: 'en', currency: 'EUR' })).toEqual(DECIMAL_POINT);
    expect(numberConvention({ language: 'es-LA' })).toEqual(DECIMAL_COMMA);
    expect(numberConvention({ language: 'en', country: null })).toEqual(DECIMAL_POINT);
    // The country outranks the currency: a Chilean startup billing in MXN still writes 1.234,5.
    expect(numberConvention({ language: 'en', country: 'CL', currency: 'MXN' })).toEqual(DECIMAL_COMMA);
  });

  it('knows which currencies have cents', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('MXN')).toBe(2);
    expect(currencyDigits('CLP')).toBe(0);
  });
});
