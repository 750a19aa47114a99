import { Table } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { deferred, useDeferred } from '../../app/deferred.js';
import type { TrackingCells } from './TrackingCells.js';

/**
 * The Paid?, Amount and Source cells of service rows (R-RES-9) download when a service row first shows:
 * the page opens on the item reservations, and Chakra's checkbox machine (3.6 KB gzip) is not first-load
 * code (docs/decisions/0221-first-load-route-preload-and-compression.md). Until the code is here a table row
 * keeps its three cells, empty, so the columns do not shift; a card shows nothing yet.
 */
const Cells = deferred(() => import('./TrackingCells.js').then((m) => m.TrackingCells));

export function LazyTrackingCells(props: ComponentProps<typeof TrackingCells>) {
  const Loaded = useDeferred(Cells, true);
  if (Loaded) return <Loaded {...props} />;
  if (props.asCard) return null;
  return (
    <>
      <Table.Cell aria-busy="true" />
      <Table.Cell />
      <Table.Cell />
    </>
  );
}
