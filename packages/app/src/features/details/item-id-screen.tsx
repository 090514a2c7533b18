import { Text } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { detailItemId } from './detail-routes';

/**
 * A screen about one item (`?id=`): without a usable id it says where to start; with one it renders the item's
 * view, keyed by the id so that another item starts fresh.
 */
export function ItemIdScreen({ noItem, children }: { noItem: string; children: (id: number) => ReactNode }) {
  const id = detailItemId(useSearch({ strict: false }).id);
  if (id === undefined) {
    return (
      <Text c="dimmed" role="status">
        {noItem}
      </Text>
    );
  }
  return <Fragment key={id}>{children(id)}</Fragment>;
}
