import { useMemo } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { isSafeLinkHref } from '../../../core/mentor/markdown-safety.ts';
import type { NumberCheck } from '../../../core/mentor/number-check.ts';
import { NumberMark } from './number-mark.tsx';
import { remarkNumberMarks } from './number-marks.ts';
import type { NumberStyle } from './number-source.ts';

/**
 * The mentor's answer as Markdown. Raw HTML in an answer is dropped, never rendered (a
 * model can be talked into writing markup); so are images (an answer never needs one, and
 * one can carry a tracking address), shown by their alt text. Links open in a new tab
 * without the opener, and only to http(s) addresses; any other link is plain text. Each
 * checked number says where it comes from (number-mark.tsx).
 */
export function MarkdownAnswer({ text, checks = [], style }: { text: string; checks?: NumberCheck[]; style?: NumberStyle }) {
  const remarkPlugins = useMemo(() => [remarkGfm, remarkNumberMarks(text, style ? checks : [])], [text, checks, style]);
  return (
    <div className="space-y-3 text-sm leading-relaxed break-words [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:pt-1 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5 [&_table]:w-full [&_td]:border [&_td]:border-border [&_td]:px-2 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
      <Markdown
        remarkPlugins={remarkPlugins}
        skipHtml
        components={{
          img: ({ alt }) => <span>{alt}</span>,
          a: ({ href, children }) =>
            isSafeLinkHref(href) ? (
              <a href={href} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-2">
                {children}
              </a>
            ) : (
              <span>{children}</span>
            ),
          span: ({ node: _node, children, ...props }) => {
            const check = checks[Number((props as { 'data-number'?: string })['data-number'])];
            return check && style ? <NumberMark check={check} style={style} /> : <span {...props}>{children}</span>;
          },
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
