import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListState } from './list-state.tsx';
import { Pager } from './pager.tsx';

/** A page of an admin list shown as cards (each `card` renders its own `<li>`), with the pager under it. */
export function PagedCards<Data, Item>({
  query,
  area,
  items,
  card,
  page,
  pages,
  onPage,
}: {
  query: UseQueryResult<Data>;
  area: string;
  items: (data: Data) => Item[];
  card: (item: Item) => ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <ListState query={query} area={area} isEmpty={(data) => items(data).length === 0}>
      {(data) => (
        <>
          <ul className="space-y-3">{items(data).map(card)}</ul>
          <Pager page={page} pages={pages} onPage={onPage} />
        </>
      )}
    </ListState>
  );
}
