import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers on every response. Scripts come only from our origin (no inline
 * scripts: the theme and language are put into the HTML by the server instead);
 * inline styles are allowed because React and the chart library set style attributes.
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xContentTypeOptions: 'nosniff',
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
});
