import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

export function PageSpinner({ label = 'Loading…', minH = '60vh' }: { label?: string; minH?: string }) {
  return (
    <Center minH={minH} role="status" aria-live="polite">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
