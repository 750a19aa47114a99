import { Alert, Button, Stack } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Document 1 §9: retries allowed before the boundary gives up. */
export const MAX_RETRIES = 3;
export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred while loading this section.';
export const MAX_RETRIES_MESSAGE = 'Maximum retry attempts reached. Please refresh the page or contact support.';

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
      <Alert.Root status="error" borderRadius="l2" alignItems="flex-start">
        <Alert.Indicator />
        <Stack gap="2" flex="1">
          <Alert.Title>{this.props.title ?? 'Something went wrong'}</Alert.Title>
          <Alert.Description>{error.message || DEFAULT_ERROR_MESSAGE}</Alert.Description>
          {canRetry ? (
            <Button size="sm" variant="outline" alignSelf="flex-start" onClick={this.retry}>
              Try Again
            </Button>
          ) : (
            <Alert.Description fontWeight="medium">{MAX_RETRIES_MESSAGE}</Alert.Description>
          )}
        </Stack>
      </Alert.Root>
    );
  }
}
