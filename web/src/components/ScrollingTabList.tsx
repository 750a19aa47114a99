import { Tabs, useTabsContext } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A row of tabs that stays one line and scrolls sideways when the screen is narrow (375 px), with the
 * selected tab always brought into view: on first paint (a deep link to the last tab), after a click,
 * and when the page selects a tab itself (docs/decisions/0225-layout-at-375-and-1366.md). Only the row scrolls, never the page.
 */
export function ScrollingTabList({ children, mb }: { children: ReactNode; mb?: string }) {
  const { value } = useTabsContext();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = ref.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !tab) return;
    const room = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    // A little of the neighbour shows, so the row reads as scrollable.
    const margin = 24;
    if (box.left < room.left) list.scrollLeft -= room.left - box.left + margin;
    else if (box.right > room.right) list.scrollLeft += box.right - room.right + margin;
  }, [value]);
  return (
    <Tabs.List
      ref={ref}
      overflowX="auto"
      overflowY="hidden"
      mb={mb}
      css={{ scrollbarWidth: 'thin', '& > [role=tab]': { flexShrink: 0, whiteSpace: 'nowrap' } }}
    >
      {children}
    </Tabs.List>
  );
}
