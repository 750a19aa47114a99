import { Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A row of tabs that wraps onto a second line when the screen is narrow (375 px) instead of scrolling
 * sideways: a scrolled row showed tab names cut at its edges ("etrics & Performance"), so every name
 * stays whole and visible (docs/decisions/0267-controls-follow-permissions.md, layout-at-375-and-1366.md).
 */
export function WrappingTabList({ children, mb }: { children: ReactNode; mb?: string }) {
  return (
    <Tabs.List flexWrap="wrap" rowGap="1" mb={mb} css={{ '& > [role=tab]': { flexShrink: 0, whiteSpace: 'nowrap' } }}>
      {children}
    </Tabs.List>
  );
}
