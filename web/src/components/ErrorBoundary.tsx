import { Alert, Box, Button, Code, HStack, Stack } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useOptionalSession } from '../app/SessionProvider.js';

/** R-PLAT-4: retries allowed before the boundary gives up. */
const MAX_RETRIES = 3;
const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred while loading this section.';
export const MAX_RETRIES_MESSAGE = 'Maximum retry attempts reached. Please refresh the page or contact support.';
/** What a person reads first; React's own text ("Minified React error #31…") is for support, folded away. */
export const HUMAN_ERROR_MESSAGE =
  'This part of the page could not be shown. You can try again, or leave for the home page.';

/** Ways out that work whatever broke: a full page load home, and signing out when someone is signed in. */
function WayOut() {
  const session = useOptionalSession();
  const signedIn = session?.session.status === 'authenticated';
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <a href="/">Go to the home page</a>
      </Button>
      {signedIn && (
        <Button size="sm" variant="ghost" onClick={() => session.logout()}>
          Sign out
        </Button>
      )}
    </>
  );
}

interface Props {
  children: ReactNode;
  /** Heading above the message, e.g. 'Error loading statistics'. */
  title?: string;
  onRetry?: () => void;
}
interface State {
  error: Error | null;
  retries: number;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo) {
    // The fallback is the report; nothing else to do without a telemetry endpoint.
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState((s) => ({ error: null, retries: s.retries + 1 }));
  };

  override render() {
    const { error, retries } = this.state;
    if (!error) return this.props.children;
    const canRetry = retries < MAX_RETRIES;
    return (
      <Alert.Root status="error" borderRadius="l2" alignItems="flex-start" maxW="full" overflow="hidden">
        <Alert.Indicator />
        <Stack gap="2" flex="1" minW="0">
          <Alert.Title>{this.props.title ?? 'Something went wrong'}</Alert.Title>
          <Alert.Description>{HUMAN_ERROR_MESSAGE}</Alert.Description>
          {!canRetry && <Alert.Description fontWeight="medium">{MAX_RETRIES_MESSAGE}</Alert.Description>}
          <HStack gap="2" wrap="wrap">
            {canRetry && (
              <Button size="sm" variant="outline" onClick={this.retry}>
                Try Again
              </Button>
            )}
            <WayOut />
          </HStack>
          <Box as="details" fontSize="sm" color="fg.muted">
            <Box as="summary" cursor="pointer">
              Technical details
            </Box>
            <Code display="block" mt="1" p="2" whiteSpace="pre-wrap" wordBreak="break-word" overflowWrap="anywhere">
              {error.message || DEFAULT_ERROR_MESSAGE}
            </Code>
          </Box>
        </Stack>
      </Alert.Root>
    );
  }
}
