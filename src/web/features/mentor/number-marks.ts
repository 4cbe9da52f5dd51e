import type { NumberCheck } from '../../../core/mentor/number-check.ts';

/** The little of the Markdown tree (mdast) this plugin touches. */
type MdNode = {
  type: string;
  value?: string;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
  data?: Record<string, unknown>;
};

/** A number of the answer, rendered as `<span data-number="i">` for the chat to mark (number-mark.tsx). */
const mark = (raw: string, index: number): MdNode => ({
  type: 'numberMark',
  data: { hName: 'span', hProperties: { dataNumber: String(index) } },
  children: [{ type: 'text', value: raw }],
});

/**
 * Where each check lands in one text node. The checks' offsets are into the answer's
 * Markdown; a text node without escapes or entities reads exactly as its source, so an
 * offset maps straight in. Otherwise the number is looked for in the node's text.
 */
function splitText(node: MdNode, source: string, checks: NumberCheck[], used: Set<number>): MdNode[] | null {
  const from = node.position?.start.offset;
  const to = node.position?.end.offset;
  const value = node.value ?? '';
  if (from === undefined || to === undefined) return null;
  const exact = source.slice(from, to) === value;
  const pieces: MdNode[] = [];
  let cursor = 0;
  checks.forEach((check, index) => {
    if (used.has(index) || check.start < from || check.end > to) return;
    const at = exact ? check.start - from : value.indexOf(check.raw, cursor);
    if (at < cursor || value.slice(at, at + check.raw.length) !== check.raw) return;
    if (at > cursor) pieces.push({ type: 'text', value: value.slice(cursor, at) });
    pieces.push(mark(check.raw, index));
    cursor = at + check.raw.length;
    used.add(index);
  });
  if (pieces.length === 0) return null;
  if (cursor < value.length) pieces.push({ type: 'text', value: value.slice(cursor) });
  return pieces;
}

/** A remark plugin: every checked number of the answer becomes a mark the chat can explain. */
export function remarkNumberMarks(source: string, checks: NumberCheck[]) {
  return () => (tree: MdNode) => {
    if (checks.length === 0) return;
    const used = new Set<number>();
    const visit = (node: MdNode) => {
      // Code and links keep their text as it is.
      if (!node.children || node.type === 'code' || node.type === 'inlineCode' || node.type === 'link') return;
      node.children = node.children.flatMap((child) => (child.type === 'text' ? (splitText(child, source, checks, used) ?? [child]) : (visit(child), [child])));
    };
    visit(tree);
  };
}
