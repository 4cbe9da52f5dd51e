/** The share link a code travels as (docs/referrals.md). */
export const shareUrl = (origin: string, code: string) => `${origin}/auth?ref=${encodeURIComponent(code)}`;

/** Plain links, no third-party scripts: each opens the service's own share page. */
export function shareLinks(url: string, message: string) {
  const text = encodeURIComponent(`${message} ${url}`);
  const link = encodeURIComponent(url);
  return [
    { key: 'email', href: `mailto:?subject=${encodeURIComponent(message)}&body=${text}` },
    { key: 'whatsapp', href: `https://wa.me/?text=${text}` },
    { key: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${link}` },
    { key: 'x', href: `https://twitter.com/intent/tweet?text=${text}` },
  ] as const;
}
