import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { pageWindow } from './pagination.js';

/** Hidden when everything fits on one page (R-PLAT-4). */
export function Pagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  const items = pageWindow(page, totalPages);
  if (items.length === 0) return null;
  return (
    <HStack as="nav" aria-label="Pagination" gap="1" wrap="wrap" justify="center">
      <IconButton
        size="sm"
        variant="outline"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        ‹
      </IconButton>
      {items.map((it) =>
        typeof it === 'number' ? (
          <Button
            key={it}
            size="sm"
            variant={it === page ? 'solid' : 'ghost'}
            colorPalette="brand"
            aria-label={`Page ${it}`}
            aria-current={it === page ? 'page' : undefined}
            onClick={() => onChange(it)}
          >
            {it}
          </Button>
        ) : (
          <Text key={it} px="1" color="fg.muted" aria-hidden>
            …
          </Text>
        ),
      )}
      <IconButton
        size="sm"
        variant="outline"
        aria-label="Next page"
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        ›
      </IconButton>
    </HStack>
  );
}
